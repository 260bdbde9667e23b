#include "program_text.h"

#include "models/cpu/isa_table.h"
#include "platform/loader/elf_image.h"

#include <algorithm>
#include <stdexcept>

namespace fireplane::analyzer {

ProgramText::ProgramText(const std::string& path, const std::vector<Symbol>& functions) {
    loader::ElfImage elf;
    try {
        elf = loader::read_elf(path);
    } catch (const loader::LoadError& e) {
        throw std::invalid_argument(std::string("archived program: ") + e.what());
    }
    for (const auto& s : elf.segments) {
        if (!s.executable) continue;
        Text t{s.vaddr, {}};
        const auto* begin = elf.bytes.data() + s.offset;
        t.bytes.assign(begin, begin + s.filesz);
        texts_.push_back(std::move(t));
    }
    const auto scan = [this](uint64_t begin, uint64_t end) {
        for (uint64_t pc = (begin + 3) & ~uint64_t(3); pc + 4 <= end; pc += 4)
            if (auto w = word(pc))
                if (auto target = sparc::direct_target(*w, pc)) targets_.push_back(*target);
    };
    bool any_function = false;
    for (const auto& f : functions)
        if (f.function) {
            any_function = true;
            scan(f.start, f.start + f.size);
        }
    if (!any_function)
        for (const auto& t : texts_)
            scan(t.vaddr, t.vaddr + t.bytes.size());
    std::sort(targets_.begin(), targets_.end());
    targets_.erase(std::unique(targets_.begin(), targets_.end()), targets_.end());
}

std::optional<uint32_t> ProgramText::word(uint64_t pc) const {
    for (const auto& t : texts_) {
        if (pc < t.vaddr || pc - t.vaddr + 4 > t.bytes.size() || (pc & 3)) continue;
        const uint8_t* b = t.bytes.data() + (pc - t.vaddr);
        return uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | b[3];
    }
    return std::nullopt;
}

bool ProgramText::branch_target_in(uint64_t after, uint64_t upto) const {
    const auto it = std::upper_bound(targets_.begin(), targets_.end(), after);
    return it != targets_.end() && *it <= upto;
}

} // namespace fireplane::analyzer
