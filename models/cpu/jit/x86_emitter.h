#pragma once
// The few x86-64 instructions the block compiler emits (Intel SDM vol. 2),
// encoded into a byte vector. Memory operands are [base + index + disp32];
// the compiler keeps the core's address in a register and reads guest state
// at fixed offsets from it.
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace fireplane::sparc::jit {

enum Reg : uint8_t {
    RAX,
    RCX,
    RDX,
    RBX,
    RSP,
    RBP,
    RSI,
    RDI,
    R8,
    R9,
    R10,
    R11,
    R12,
    R13,
    R14,
    R15,
    kNoIndex = 0xff
};

// Two-operand integer operations by their /digit (imm forms) and opcode (reg forms).
enum class Alu : uint8_t { Add = 0, Or = 1, And = 4, Sub = 5, Xor = 6, Cmp = 7 };
enum class Shift : uint8_t { Shl = 4, Shr = 5, Sar = 7 };
// Condition codes of Jcc.
enum Cond : uint8_t {
    kO = 0,
    kC = 2, // "below", unsigned
    kNC = 3,
    kZ = 4,
    kNZ = 5,
    kA = 7, // "above", unsigned
    kS = 8,
    kP = 0xa, // parity: an unordered SSE compare
    kL = 0xc,
    kGE = 0xd,
    kLE = 0xe,
    kG = 0xf
};

class Emitter {
public:
    std::vector<uint8_t>& bytes() { return code_; }
    size_t size() const { return code_.size(); }

    // ---- loads and stores: [base + index + disp] ----
    // 64-bit; the index scaled by 1 << scale.
    void mov_load(Reg dst, Reg base, int32_t disp, Reg index = kNoIndex, uint8_t scale = 0) {
        op_m(true, {0x8b}, dst, base, disp, index, scale);
    }
    void cmp_load(Reg a, Reg base, int32_t disp, Reg index, uint8_t scale) { // cmp a, [mem]
        op_m(true, {0x3b}, a, base, disp, index, scale);
    }
    void lea(Reg dst, Reg base, Reg index, uint8_t scale) { // dst = base + index << scale
        op_m(true, {0x8d}, dst, base, 0, index, scale);
    }
    void mov_store(Reg base, int32_t disp, Reg src, Reg index = kNoIndex) { // 64-bit
        op_m(true, {0x89}, src, base, disp, index);
    }
    // Zero- or sign-extending loads of 1, 2 or 4 bytes into a 64-bit register.
    void load_ext(Reg dst, Reg base, Reg index, unsigned size, bool sign) {
        if (size == 4 && !sign) { // a 32-bit move zero-extends
            rex(false, dst, index, base);
            byte(0x8b);
        } else if (size == 4) { // movsxd
            rex(true, dst, index, base);
            byte(0x63);
        } else {
            rex(sign, dst, index, base);
            byte(0x0f);
            byte(uint8_t((sign ? 0xbe : 0xb6) + (size == 2 ? 1 : 0)));
        }
        mem(dst, base, 0, index);
    }
    // Stores the low `size` bytes of src.
    void store_sized(Reg base, Reg index, Reg src, unsigned size) {
        if (size == 2) byte(0x66);
        if (size == 1)
            rex_byte_reg(src, index, base, src);
        else
            rex(size == 8, src, index, base);
        byte(size == 1 ? 0x88 : 0x89);
        mem(src, base, 0, index);
    }
    // Immediate forms name the operation by its /digit in the ModRM reg field.
    void store_imm(Reg base, int32_t disp, int32_t imm) { // 64-bit, imm sign-extended
        op_m(true, {0xc7}, Reg(0), base, disp);
        imm32(imm);
    }
    void cmp_byte_zero(Reg base, int32_t disp) { // cmp byte [base + disp], 0
        op_m(false, {0x80}, Reg(7), base, disp);
        byte(0);
    }
    void store_byte_imm(Reg base, int32_t disp, uint8_t imm) {
        op_m(false, {0xc6}, Reg(0), base, disp);
        byte(imm);
    }
    void or_byte_imm(Reg base, int32_t disp, uint8_t imm) {
        op_m(false, {0x80}, Reg(1), base, disp);
        byte(imm);
    }
    void test_byte_imm(Reg base, int32_t disp, uint8_t imm) {
        op_m(false, {0xf6}, Reg(0), base, disp);
        byte(imm);
    }
    void load32(Reg dst, Reg base, int32_t disp) { // zero-extends
        op_m(false, {0x8b}, dst, base, disp);
    }
    void store32(Reg base, int32_t disp, Reg src) { op_m(false, {0x89}, src, base, disp); }
    void inc_mem(Reg base, int32_t disp) { op_m(true, {0xff}, Reg(0), base, disp); } // 64-bit
    void load_byte(Reg dst, Reg base, int32_t disp) { // movzx r32, byte
        op_m(false, {0x0f, 0xb6}, dst, base, disp);
    }
    void store_byte(Reg base, int32_t disp, Reg src) {
        rex_byte_reg(src, kNoIndex, base, src);
        byte(0x88);
        mem(src, base, disp, kNoIndex);
    }

    // ---- register operations ----
    void mov(Reg dst, Reg src) { op_rr(true, {0x89}, src, dst); }
    void mov32(Reg dst, Reg src) { op_rr(false, {0x89}, src, dst); } // zero-extends
    void mov_imm(Reg dst, uint64_t v) {
        if (v <= 0xffffffffull) { // mov r32, imm32 zero-extends
            if (dst >= R8) byte(0x41);
            byte(uint8_t(0xb8 + (dst & 7)));
            imm32(int32_t(uint32_t(v)));
        } else if (int64_t(v) >= INT32_MIN && int64_t(v) <= INT32_MAX) {
            op_rr(true, {0xc7}, Reg(0), dst);
            imm32(int32_t(v));
        } else {
            byte(uint8_t(0x48 | (dst >= R8 ? 1 : 0)));
            byte(uint8_t(0xb8 + (dst & 7)));
            for (int i = 0; i < 8; ++i)
                byte(uint8_t(v >> (8 * i)));
        }
    }
    void alu(Alu op, Reg dst, Reg src, bool wide = true) {
        op_rr(wide, {uint8_t(uint8_t(op) * 8 + 1)}, src, dst);
    }
    void alu_imm(Alu op, Reg dst, int32_t imm, bool wide = true) {
        op_rr(wide, {0x81}, Reg(uint8_t(op)), dst);
        imm32(imm);
    }
    void test(Reg a, Reg b, bool wide = true) { op_rr(wide, {0x85}, b, a); }
    void test_byte(Reg r) { // test r8, r8: a bool a call returned
        rex_byte_reg(r, kNoIndex, r, r);
        byte(0x84);
        byte(uint8_t(0xc0 | (r & 7) << 3 | (r & 7)));
    }
    void test_imm(Reg r, int32_t imm) { // 64-bit
        op_rr(true, {0xf7}, Reg(0), r);
        imm32(imm);
    }
    void not_(Reg r) { op_rr(true, {0xf7}, Reg(2), r); }
    void shift_imm(Shift op, Reg r, uint8_t count, bool wide = true) {
        op_rr(wide, {0xc1}, Reg(uint8_t(op)), r);
        byte(count);
    }
    void shift_cl(Shift op, Reg r, bool wide = true) { op_rr(wide, {0xd3}, Reg(uint8_t(op)), r); }
    void imul(Reg dst, Reg src) { op_rr(true, {0x0f, 0xaf}, dst, src); }
    void movsxd(Reg dst, Reg src) { op_rr(true, {0x63}, dst, src); }
    void bt_reg(Reg value, Reg bit) { op_rr(false, {0x0f, 0xa3}, bit, value); } // CF = value[bit]
    void setcc(Cond c, Reg r) { // the low byte of r: 1 if c holds, else 0
        rex_byte_reg(RAX, kNoIndex, r, r);
        byte(0x0f);
        byte(uint8_t(0x90 + c));
        byte(uint8_t(0xc0 | (r & 7)));
    }
    void bswap(Reg r, bool wide) {
        rex(wide, RAX, kNoIndex, r);
        byte(0x0f);
        byte(uint8_t(0xc8 + (r & 7)));
    }
    void push(Reg r) {
        if (r >= R8) byte(0x41);
        byte(uint8_t(0x50 + (r & 7)));
    }
    void pop(Reg r) {
        if (r >= R8) byte(0x41);
        byte(uint8_t(0x58 + (r & 7)));
    }
    void call(Reg r) { op_rr(false, {0xff}, Reg(2), r); }
    void ret() { byte(0xc3); }

    // ---- SSE scalar operations: a mandatory prefix (F2 double, F3 single,
    // 66 or none for the compares), 0F, the opcode; XMM registers by number ----
    void sse_load(uint8_t prefix, uint8_t opcode, unsigned xmm, Reg base, int32_t disp) {
        if (prefix) byte(prefix);
        rex(false, Reg(xmm), kNoIndex, base);
        byte(0x0f);
        byte(opcode);
        mem(Reg(xmm), base, disp, kNoIndex);
    }
    void sse_rr(uint8_t prefix, uint8_t opcode, unsigned dst, unsigned src) {
        if (prefix) byte(prefix);
        byte(0x0f);
        byte(opcode);
        byte(uint8_t(0xc0 | (dst & 7) << 3 | (src & 7)));
    }

    // ---- jumps: rel32, patched once the target is known ----
    size_t jcc(Cond c) {
        byte(0x0f);
        byte(uint8_t(0x80 + c));
        imm32(0);
        return code_.size();
    }
    size_t jmp() {
        byte(0xe9);
        imm32(0);
        return code_.size();
    }
    // Points the jump ending at `end` (what jcc() or jmp() returned) at
    // `target`, or at here.
    void bind(size_t end, size_t target) {
        const int32_t rel = int32_t(int64_t(target) - int64_t(end));
        std::memcpy(&code_[end - 4], &rel, 4);
    }
    void bind(size_t end) { bind(end, code_.size()); }

private:
    void byte(uint8_t b) { code_.push_back(b); }
    void imm32(int32_t v) {
        for (int i = 0; i < 4; ++i)
            byte(uint8_t(uint32_t(v) >> (8 * i)));
    }
    void rex(bool w, Reg reg, Reg index, Reg base) {
        const uint8_t r =
            uint8_t((w ? 8 : 0) | (reg >= R8 && reg != kNoIndex ? 4 : 0) |
                    (index != kNoIndex && index >= R8 ? 2 : 0) | (base >= R8 ? 1 : 0));
        if (r) byte(uint8_t(0x40 | r));
    }
    // Byte registers: SPL..DIL need a REX prefix to be addressed as bytes;
    // `byte_reg` is the operand used as one (reg, or rm for SETcc).
    void rex_byte_reg(Reg reg, Reg index, Reg base, Reg byte_reg) {
        uint8_t r = uint8_t((reg >= R8 ? 4 : 0) | (index != kNoIndex && index >= R8 ? 2 : 0) |
                            (base >= R8 ? 1 : 0));
        if (r || (byte_reg >= RSP && byte_reg <= RDI)) byte(uint8_t(0x40 | r));
    }
    // A register form: REX, the opcode bytes, ModRM with `reg` (a register or
    // an opcode extension /digit) and the register operand `rm`.
    void op_rr(bool wide, std::initializer_list<uint8_t> opcode, Reg reg, Reg rm) {
        rex(wide, reg, kNoIndex, rm);
        for (uint8_t b : opcode)
            byte(b);
        byte(uint8_t(0xc0 | (reg & 7) << 3 | (rm & 7)));
    }
    // A memory form: REX, the opcode bytes, then [base + index << scale + disp].
    void op_m(bool wide, std::initializer_list<uint8_t> opcode, Reg reg, Reg base, int32_t disp,
              Reg index = kNoIndex, uint8_t scale = 0) {
        rex(wide, reg, index, base);
        for (uint8_t b : opcode)
            byte(b);
        mem(reg, base, disp, index, scale);
    }
    void mem(Reg reg, Reg base, int32_t disp, Reg index, uint8_t scale = 0) {
        if (index == kNoIndex && (base & 7) != RSP) {
            byte(uint8_t(0x80 | (reg & 7) << 3 | (base & 7))); // [base + disp32]
        } else {
            byte(uint8_t(0x80 | (reg & 7) << 3 | 4)); // SIB follows
            const uint8_t idx = index == kNoIndex ? 4 : (index & 7);
            byte(uint8_t(scale << 6 | idx << 3 | (base & 7)));
        }
        imm32(disp);
    }

    std::vector<uint8_t> code_;
};

} // namespace fireplane::sparc::jit
