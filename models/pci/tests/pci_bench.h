#pragma once
// Helpers for the PCI tests: a host that issues configuration, I/O and memory
// cycles on a root bus, a function with a BAR of each kind that records the
// cycles it gets, and a target that records what reaches it (an ISA device).
#include "models/pci/pci_access.h"
#include "models/pci/pci_bus.h"
#include "models/pci/pci_function.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace fireplane::test {

class PciHost : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<PciHost> socket{"socket"};
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME; // sums the annotations
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;

    explicit PciHost(sc_core::sc_module_name name) : sc_module(name) {}

    // Moves `data` in address order; returns the response.
    tlm::tlm_response_status cycle(PciSpace space, tlm::tlm_command cmd, uint64_t address,
                                   std::vector<uint8_t>& data) {
        tlm::tlm_generic_payload gp;
        PciAccess access(space);
        setup(gp, access, cmd, address, data);
        socket->b_transport(gp, delay);
        gp.clear_extension(&access);
        CHECK(gp.get_address() == address); // given back as it came
        return status = gp.get_response_status();
    }
    unsigned debug(PciSpace space, tlm::tlm_command cmd, uint64_t address,
                   std::vector<uint8_t>& data) {
        tlm::tlm_generic_payload gp;
        PciAccess access(space);
        setup(gp, access, cmd, address, data);
        const unsigned n = socket->transport_dbg(gp);
        gp.clear_extension(&access);
        return n;
    }

    // Little-endian values of 1, 2 or 4 bytes; all ones on a master abort.
    uint32_t read(PciSpace space, uint64_t address, unsigned size) {
        std::vector<uint8_t> d(size, 0xff);
        if (cycle(space, tlm::TLM_READ_COMMAND, address, d) != tlm::TLM_OK_RESPONSE)
            return size == 4 ? 0xffffffff : (1u << (8 * size)) - 1;
        uint32_t v = 0;
        for (unsigned i = 0; i < size; ++i)
            v |= uint32_t(d[i]) << (8 * i);
        return v;
    }
    tlm::tlm_response_status write(PciSpace space, uint64_t address, unsigned size,
                                   uint32_t value) {
        std::vector<uint8_t> d(size);
        for (unsigned i = 0; i < size; ++i)
            d[i] = uint8_t(value >> (8 * i));
        return cycle(space, tlm::TLM_WRITE_COMMAND, address, d);
    }
    uint32_t cfg_read(unsigned bus, unsigned dev, unsigned fn, unsigned reg, unsigned size) {
        return read(PciSpace::Config, pci_config_address(bus, dev, fn, reg), size);
    }
    tlm::tlm_response_status cfg_write(unsigned bus, unsigned dev, unsigned fn, unsigned reg,
                                       unsigned size, uint32_t value) {
        return write(PciSpace::Config, pci_config_address(bus, dev, fn, reg), size, value);
    }

private:
    static void setup(tlm::tlm_generic_payload& gp, PciAccess& access, tlm::tlm_command cmd,
                      uint64_t address, std::vector<uint8_t>& data) {
        gp.set_command(cmd);
        gp.set_address(address);
        gp.set_data_ptr(data.data());
        gp.set_data_length(unsigned(data.size()));
        gp.set_streaming_width(unsigned(data.size()));
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        gp.set_extension(&access);
    }
};

// A device with a 4 KiB memory BAR (0), a 256-byte I/O BAR (1) and a 1 MiB
// 64-bit prefetchable memory BAR (2-3); each BAR is memory the cycles read
// and write, and every cycle is recorded.
class RecordingFunction : public PciFunction {
public:
    struct Hit {
        unsigned bar;
        uint64_t offset;
    };
    std::vector<Hit> hits;
    std::vector<uint8_t> memory = std::vector<uint8_t>(0x100000);

    RecordingFunction(sc_core::sc_module_name name, uint16_t device_id = 0x1234)
        : PciFunction(name, PciHeader::Type0, identity(device_id)) {
        config_space().declare_bar(0, {PciBarKind::Memory32, 0x1000, false});
        config_space().declare_bar(1, {PciBarKind::Io, 0x100, false});
        config_space().declare_bar(2, {PciBarKind::Memory64, 0x100000, true});
        config_space().reset();
    }
    static PciIdentity identity(uint16_t device_id) {
        PciIdentity id;
        id.vendor = 0x1af4;
        id.device = device_id;
        id.class_code = 0x020000;
        return id;
    }

protected:
    void bar_access(unsigned index, uint64_t offset, tlm::tlm_generic_payload& gp,
                    sc_core::sc_time* delay) override {
        if (delay) hits.push_back({index, offset});
        uint8_t* at = memory.data() + offset;
        if (gp.is_read())
            std::copy(at, at + gp.get_data_length(), gp.get_data_ptr());
        else
            std::copy(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length(), at);
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

// A memory-mapped target that records the (local) addresses it is given.
class RecordingTarget : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<RecordingTarget> socket{"socket"};
    std::vector<uint64_t> addresses;
    std::vector<uint8_t> last_data;
    uint8_t read_value = 0x5a;

    explicit RecordingTarget(sc_core::sc_module_name name) : sc_module(name) {
        socket.register_b_transport(this, &RecordingTarget::b_transport);
        socket.register_transport_dbg(this, &RecordingTarget::transport_dbg);
    }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
        addresses.push_back(gp.get_address());
        if (gp.is_read())
            std::fill_n(gp.get_data_ptr(), gp.get_data_length(), read_value);
        else
            last_data.assign(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length());
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
    unsigned transport_dbg(tlm::tlm_generic_payload& gp) {
        if (gp.is_read()) std::fill_n(gp.get_data_ptr(), gp.get_data_length(), read_value);
        return gp.get_data_length();
    }
};

} // namespace fireplane::test
