#include "dma_checksum_model.h"

#include "models/rtl/axi_lite_words.h"
#include "models/rtl/bus_access.h"

#include <algorithm>
#include <vector>

namespace fireplane::rtl {

namespace {

using M = DmaChecksumModel;

constexpr uint32_t kIdValue = 0xf1be0002;
constexpr uint32_t kCtrlStart = 1, kCtrlIrqEn = 2, kCtrlCopy = 4;
constexpr uint32_t kStatusDone = 2, kStatusError = 4;
constexpr uint64_t kChunk = 64; // no burst crosses 64 bytes

enum class Access : uint8_t { ReadOnly, ReadWrite, WriteOneToClear };

struct RegisterInfo {
    M::Reg reg;
    uint32_t offset;
    const char* name;
    Access access;
    uint32_t writable; // the bits a write stores (or clears, for W1C)
    const char* meaning;
};

// The register map, shared with blocks/dma_checksum.sv. Row order follows M::Reg.
const RegisterInfo kRegisters[M::kRegs] = {
    {M::kId, 0x00, "ID", Access::ReadOnly, 0, "0xf1be0002"},
    {M::kCtrl, 0x04, "CTRL", Access::ReadWrite, kCtrlIrqEn | kCtrlCopy,
     "bit 0 START (reads 0), bit 1 IRQ_EN, bit 2 COPY (else checksum only)"},
    {M::kStatus, 0x08, "STATUS", Access::WriteOneToClear, kStatusDone | kStatusError,
     "bit 0 BUSY, bit 1 DONE, bit 2 ERROR; write 1 to clear DONE and ERROR"},
    {M::kDoneCount, 0x0c, "DONE_COUNT", Access::ReadOnly, 0, "operations completed"},
    {M::kSrcLo, 0x10, "SRC_LO", Access::ReadWrite, ~0u, "source address, bits 31:0"},
    {M::kSrcHi, 0x14, "SRC_HI", Access::ReadWrite, ~0u, "source address, bits 63:32"},
    {M::kDstLo, 0x18, "DST_LO", Access::ReadWrite, ~0u, "destination address, bits 31:0"},
    {M::kDstHi, 0x1c, "DST_HI", Access::ReadWrite, ~0u, "destination address, bits 63:32"},
    {M::kLen, 0x20, "LEN", Access::ReadWrite, ~0u, "bytes to move, a multiple of 8"},
    {M::kSum, 0x24, "SUM", Access::ReadOnly, 0, "the checksum"},
};

const RegisterInfo* register_at(uint64_t offset) {
    for (const RegisterInfo& r : kRegisters)
        if (r.offset == offset) return &r;
    return nullptr;
}

uint32_t lane_mask(uint32_t strobes) {
    uint32_t m = 0;
    for (unsigned lane = 0; lane < 4; ++lane)
        if ((strobes >> lane) & 1) m |= 0xffu << (8 * lane);
    return m;
}

} // namespace

uint32_t dma_checksum(const uint8_t* bytes, uint64_t len, uint32_t sum) {
    for (uint64_t k = 0; k + 8 <= len; k += 8) {
        uint64_t beat = 0; // little-endian lanes: the byte at the lowest address is D[7:0]
        for (int i = 7; i >= 0; --i)
            beat = beat << 8 | bytes[k + unsigned(i)];
        sum = dma_checksum_step(sum, beat);
    }
    return sum;
}

DmaChecksumModel::DmaChecksumModel(sc_core::sc_module_name name, const DmaChecksumConfig& config)
    : sc_module(name), socket("socket"), data("data"), config_(config) {
    socket.register_b_transport(this, &DmaChecksumModel::b_transport);
    socket.register_transport_dbg(this, &DmaChecksumModel::transport_dbg);
    regs_[kId] = kIdValue;
    stats_.add_counter("operations", &operations_, "operations completed (DONE)");
    stats_.add_counter("bytes", &bytes_, "bytes read by completed operations");
    stats_.add_counter("errors", &errors_, "operations ended by an error (ERROR)");
}

uint32_t DmaChecksumModel::read(uint64_t address, uint32_t& value) const {
    const RegisterInfo* r = register_at(address);
    if (!r) return kDecErr;
    value = regs_[r->reg];
    return kOkay;
}

uint32_t DmaChecksumModel::write(uint64_t address, uint32_t value, uint32_t strobes, bool debug) {
    const RegisterInfo* r = register_at(address);
    if (!r) return kDecErr;
    const uint32_t mask = lane_mask(strobes);
    uint32_t& reg = regs_[r->reg];
    switch (r->access) {
    case Access::ReadOnly: return kSlvErr;
    case Access::WriteOneToClear: reg &= ~(value & mask & r->writable); break;
    case Access::ReadWrite:
        reg = (reg & ~(mask & r->writable)) | (value & mask & r->writable);
        break;
    }
    if (r->reg == kCtrl && (value & mask & kCtrlStart) && !debug) start();
    update_irq();
    return kOkay;
}

bool DmaChecksumModel::move(tlm::tlm_command cmd, uint64_t address, uint8_t* bytes, unsigned len) {
    sc_core::sc_time untimed = sc_core::SC_ZERO_TIME;
    return transport_bytes(data, cmd, address, bytes, len, nullptr, untimed) ==
           tlm::TLM_OK_RESPONSE;
}

void DmaChecksumModel::start() {
    regs_[kSum] = 0;
    uint64_t src = uint64_t(regs_[kSrcHi]) << 32 | regs_[kSrcLo];
    uint64_t dst = uint64_t(regs_[kDstHi]) << 32 | regs_[kDstLo];
    uint64_t left = regs_[kLen];
    if ((src | dst | left) % 8 != 0) {
        regs_[kStatus] |= kStatusError;
        ++errors_;
        return;
    }
    const bool copy = regs_[kCtrl] & kCtrlCopy;
    uint8_t buf[kChunk];
    while (left > 0) {
        uint64_t chunk = std::min(left, kChunk - src % kChunk);
        if (copy) chunk = std::min(chunk, kChunk - dst % kChunk);
        bool ok = move(tlm::TLM_READ_COMMAND, src, buf, unsigned(chunk));
        if (ok) // the read's beats count even if the write then fails
            regs_[kSum] = dma_checksum(buf, chunk, regs_[kSum]);
        if (ok && copy) ok = move(tlm::TLM_WRITE_COMMAND, dst, buf, unsigned(chunk));
        if (!ok) {
            regs_[kStatus] |= kStatusError;
            ++errors_;
            return;
        }
        src += chunk;
        dst += chunk;
        left -= chunk;
        bytes_ += chunk;
    }
    regs_[kStatus] |= kStatusDone;
    ++regs_[kDoneCount];
    ++operations_;
}

void DmaChecksumModel::update_irq() {
    const bool level =
        (regs_[kCtrl] & kCtrlIrqEn) && (regs_[kStatus] & (kStatusDone | kStatusError));
    if (level == irq_) return;
    irq_ = level;
    if (interrupt_ && config_.interrupt != 0) interrupt_->set_level(config_.interrupt, level);
}

void DmaChecksumModel::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    std::vector<AxiLiteWord> words;
    tlm::tlm_response_status status = split_words(gp, config_.size, words);
    if (status == tlm::TLM_OK_RESPONSE)
        status = run_words(
            gp, words,
            [&](uint64_t a, uint32_t v, uint32_t strobes) { return write(a, v, strobes, false); },
            [&](uint64_t a, uint32_t& v) { return read(a, v); });
    gp.set_response_status(status);
}

// Host tools read the registers; debug writes start nothing.
unsigned DmaChecksumModel::transport_dbg(tlm::tlm_generic_payload& gp) {
    std::vector<AxiLiteWord> words;
    if (split_words(gp, config_.size, words) != tlm::TLM_OK_RESPONSE) return 0;
    const tlm::tlm_response_status status = run_words(
        gp, words,
        [&](uint64_t a, uint32_t v, uint32_t strobes) { return write(a, v, strobes, true); },
        [&](uint64_t a, uint32_t& v) { return read(a, v); });
    return status == tlm::TLM_OK_RESPONSE ? gp.get_data_length() : 0;
}

} // namespace fireplane::rtl
