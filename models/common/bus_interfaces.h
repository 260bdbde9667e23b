#pragma once
// The small interfaces through which the platform builder wires models
// together without knowing their concrete types.
#include <tlm>

#include <cstdint>
#include <vector>

namespace fireplane {

// A device that is mapped into a router's address space (RAM, UART, ...).
class BusTarget {
public:
    virtual ~BusTarget() = default;
    virtual tlm::tlm_target_socket<>& bus_target() = 0;
    virtual uint64_t bus_size() const = 0; // bytes of address space it decodes
};

// A bus master (CPU, DMA engine), with one or more sockets to the bus (a CPU
// has its functional port and its caches' port).
class BusInitiator {
public:
    virtual ~BusInitiator() = default;
    virtual std::vector<tlm::tlm_initiator_socket<>*> bus_initiators() = 0;
};

// An agent that watches every address-bus transaction without taking part
// (a performance monitor): the builder binds its socket to the bus's snoopers
// after the caches, so it sees each transaction with its combined snoop result.
class BusObserver {
public:
    virtual ~BusObserver() = default;
    virtual tlm::tlm_target_socket<>& observer_socket() = 0;
};

} // namespace fireplane
