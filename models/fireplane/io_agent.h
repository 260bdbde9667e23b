#pragma once
// What every I/O bridge agent on the Fireplane does alike (the V1280's I/O
// bridge, the sun4u board's Sabre): it types each access it carries as an I/O
// transaction and shows it on the address bus for the monitors, it sends its
// devices' interrupt vectors as INT transactions, and it counts both.
#include "interrupt_mapper.h"
#include "transaction_types.h"

#include "core/stats/stats.h"

#include <tlm>

#include <array>
#include <cstdint>

namespace fireplane {

using IoTransactionCounts = std::array<uint64_t, kNumTransactionTypes>;

// RIO/WIO (RBIO/WBIO for a block), counted in `by_type`, announced to `bus`
// (null: no bus) with its global address; the payload comes back as it was
// but for its FireplaneExtension, ready for the device.
void announce_io(tlm::tlm_fw_transport_if<>* bus, tlm::tlm_generic_payload& gp,
                 uint64_t global_address, IoTransactionCounts& by_type);

// A device line's interrupt vector on `bus`; false (as a NACK) without one.
bool send_device_vector(tlm::tlm_fw_transport_if<>* bus, const InterruptVector& vector,
                        const InterruptMapper& interrupts);

void add_io_agent_statistics(StatsGroup& stats, IoTransactionCounts& by_type,
                             InterruptMapper& interrupts);

} // namespace fireplane
