#pragma once
// DmaChecksumModel: the TLM twin of blocks/dma_checksum.sv, the function it
// must have without its timing. Software sees the same registers (one table,
// dma_checksum_model.cpp), through the same AXI4-Lite lanes and responses
// (axi_lite_words.h). START moves the data at once, in the RTL's chunks
// (never crossing 64 bytes on either side), through the `data` socket; so
// BUSY never shows, and a write the RTL would refuse while busy cannot
// happen. The interrupt line follows IRQ_EN & (DONE | ERROR).
//
// The checksum of each 64-bit beat D (little-endian lanes: the byte at the
// lowest address is D[7:0]): SUM = rotl32(SUM, 1) + (D[31:0] ^ D[63:32]).
#include "models/common/roles.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>

namespace fireplane::rtl {

struct DmaChecksumConfig {
    uint64_t base = 0;
    uint64_t size = 0x1000;
    unsigned interrupt = 0;
};

// The checksum step for one 64-bit beat.
constexpr uint32_t dma_checksum_step(uint32_t sum, uint64_t beat) {
    return ((sum << 1) | (sum >> 31)) + (uint32_t(beat) ^ uint32_t(beat >> 32));
}
// The checksum of `len` bytes (whole beats) in memory order, carrying on from `sum`.
uint32_t dma_checksum(const uint8_t* bytes, uint64_t len, uint32_t sum = 0);

class DmaChecksumModel : public sc_core::sc_module,
                         public BusTarget,
                         public BusInitiator,
                         public InterruptSource {
public:
    tlm_utils::simple_target_socket<DmaChecksumModel> socket;  // the registers
    tlm_utils::simple_initiator_socket<DmaChecksumModel> data; // the DMA's reads and writes

    DmaChecksumModel(sc_core::sc_module_name name, const DmaChecksumConfig& config);

    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, config_.size}; }
    void bind_initiators(TargetPort& bus) override { data.bind(bus); }
    void connect_interrupt(InterruptInput& to) override { interrupt_ = &to; }
    unsigned interrupt_number() const override { return config_.interrupt; }

    bool irq() const { return irq_; }

    enum Reg { kId, kCtrl, kStatus, kDoneCount, kSrcLo, kSrcHi, kDstLo, kDstHi, kLen, kSum, kRegs };

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    uint32_t write(uint64_t address, uint32_t value, uint32_t strobes, bool debug);
    uint32_t read(uint64_t address, uint32_t& value) const;
    void start();
    bool move(tlm::tlm_command cmd, uint64_t address, uint8_t* bytes, unsigned len);
    void update_irq();

    DmaChecksumConfig config_;
    std::array<uint32_t, kRegs> regs_{};
    InterruptInput* interrupt_ = nullptr;
    bool irq_ = false;
    uint64_t operations_ = 0, bytes_ = 0, errors_ = 0;
    StatsGroup stats_{this->name()};
};

} // namespace fireplane::rtl
