#include "isa_table.h"

#include "insn_fields.h"

#include <algorithm>
#include <array>

namespace fireplane::sparc {

namespace {

// Rows bucketed by primary opcode and op2/op3, so decode scans a handful.
struct RowIndex {
    std::vector<IsaRow> rows;
    std::array<std::vector<const IsaRow*>, 4 * 64> buckets;

    static unsigned bucket_of(uint32_t word) {
        unsigned o = field::op(word);
        if (o == 0) return field::op2(word);
        if (o == 1) return 64;
        return o * 64 + field::op3(word);
    }

    RowIndex() {
        add_integer_rows(rows);
        add_control_rows(rows);
        add_memory_rows(rows);
        add_fp_rows(rows);
        add_state_register_rows(rows);
        add_vis_rows(rows);
        add_quad_rows(rows);
        for (const IsaRow& row : rows) {
            // A row covers every bucket its fixed bits allow; rows fix op and op2/op3.
            for (unsigned b = 0; b < buckets.size(); ++b) {
                uint32_t probe;
                if (b < 64) {
                    if (b >= 8) continue;
                    probe = op(0) | op2(b);
                } else if (b == 64) {
                    probe = op(1);
                } else if (b < 128) {
                    continue;
                } else {
                    probe = op(b / 64) | op3(b % 64);
                }
                uint32_t fixed = row.mask & (b < 64 ? kOp2Mask : b == 64 ? kOpMask : kOp3Mask);
                if ((probe & fixed) == (row.match & fixed)) buckets[b].push_back(&row);
            }
        }
        // More specific rows (more mask bits) first, so aliases like MEMBAR beat RDASR.
        for (auto& bucket : buckets)
            std::stable_sort(bucket.begin(), bucket.end(), [](const IsaRow* a, const IsaRow* b) {
                return __builtin_popcount(a->mask) > __builtin_popcount(b->mask);
            });
    }
};

const RowIndex& row_index() {
    static const RowIndex index;
    return index;
}

} // namespace

const std::vector<IsaRow>& isa_rows() {
    return row_index().rows;
}

const IsaRow* find_row(uint32_t word) {
    for (const IsaRow* row : row_index().buckets[RowIndex::bucket_of(word)])
        if ((word & row->mask) == row->match) return row;
    return nullptr;
}

std::optional<uint64_t> direct_target(uint32_t word, uint64_t pc) {
    const IsaRow* row = find_row(word);
    if (!row) return std::nullopt;
    std::optional<uint64_t> target;
    for_each_operand(*row, [&](std::string_view t) {
        int64_t disp = 0;
        if (t == "b22")
            disp = field::disp22(word);
        else if (t == "b19")
            disp = field::disp19(word);
        else if (t == "b16")
            disp = field::disp16(word);
        else if (t == "c30")
            disp = field::disp30(word);
        else
            return true;
        target = pc + uint64_t(disp);
        return false;
    });
    return target;
}

} // namespace fireplane::sparc
