#pragma once
// Where a PCI function sits, as a machine file says it: `bus` names the
// component owning its bus (a host bridge or a pci_bridge), `slot` is
// "device.function" (device 0-31, function 0-7), e.g. `slot: 1.1`.
#include "core/factory/param_table.h"

#include <optional>
#include <string>

namespace fireplane {

struct PciPlacement {
    std::string bus;
    std::string slot = "0.0";
};

struct PciSlot {
    unsigned device = 0;
    unsigned function = 0;
};

// "D.F" in decimal; nullopt when it is not, or out of range.
std::optional<PciSlot> parse_pci_slot(const std::string& text);

// The `bus` and `slot` rows, for a PCI function model's table to nest.
const ParamTable<PciPlacement>& pci_placement_params();

} // namespace fireplane
