#include "pci_slot.h"

#include <cctype>

namespace fireplane {

namespace {

// A decimal number of at most two digits from text[at], advancing at.
std::optional<unsigned> small_number(const std::string& text, size_t& at) {
    const size_t start = at;
    unsigned value = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && at - start < 2)
        value = value * 10 + unsigned(text[at++] - '0');
    if (at == start) return std::nullopt;
    return value;
}

} // namespace

std::optional<PciSlot> parse_pci_slot(const std::string& text) {
    size_t at = 0;
    const auto device = small_number(text, at);
    if (!device || at >= text.size() || text[at] != '.') return std::nullopt;
    ++at;
    const auto function = small_number(text, at);
    if (!function || at != text.size() || *device > 31 || *function > 7) return std::nullopt;
    return PciSlot{*device, *function};
}

const ParamTable<PciPlacement>& pci_placement_params() {
    using C = PciPlacement;
    static const auto table =
        ParamTable<C>()
            .text("bus", &C::bus,
                  "the component whose PCI bus this function is on (a host bridge or a "
                  "pci_bridge)")
            .text("slot", &C::slot, "device.function on that bus: device 0-31, function 0-7")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (!parse_pci_slot(c.slot))
                    return ConfigProblem{"slot", "'" + c.slot +
                                                     "' is not device.function (device 0-31, "
                                                     "function 0-7), e.g. 1.0"};
                return std::nullopt;
            });
    return table;
}

} // namespace fireplane
