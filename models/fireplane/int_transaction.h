#pragma once
// The INT transaction: an interrupt vector (models/common/interrupts.h) as a
// TLM write of its three data words, big-endian, to the target agent's
// interrupt address, with a FireplaneExtension of type INT. Senders (a CPU's
// interrupt unit, the I/O bridge) build it here; the bus reads it back here.
#include "models/common/interrupts.h"

#include <systemc>
#include <tlm>

#include <cstdint>

namespace fireplane {

// Sends `vector` through `port` (bound to the interconnect's I/O port) with
// `delay` annotated; true when the target took it, false on NACK.
bool send_int_transaction(tlm::tlm_fw_transport_if<>& port, const InterruptVector& vector,
                          uint16_t transaction_id, sc_core::sc_time& delay);

// The vector an INT payload carries (its data must be 24 bytes).
InterruptVector int_transaction_vector(const tlm::tlm_generic_payload& gp, uint16_t source);

} // namespace fireplane
