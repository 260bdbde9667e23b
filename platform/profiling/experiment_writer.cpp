#include "experiment_writer.h"

#include "core/text/hex_text.h"
#include "core/text/json_text.h"
#include "experiment_format.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fireplane::profiling {

namespace fs = std::filesystem;

namespace {

class Output {
public:
    Output(const fs::path& path, const char* header) : path_(path), out_(path) {
        if (header) out_ << header << '\n';
    }
    std::ofstream& operator*() { return out_; }
    void close() {
        out_.close();
        if (!out_) throw std::runtime_error("cannot write " + path_.string());
    }

private:
    fs::path path_;
    std::ofstream out_;
};

void write_json(const fs::path& dir, const ExperimentInfo& info, size_t packets,
                const std::string& archive) {
    Output o(dir / format::kExperimentFile, nullptr);
    auto& out = *o;
    out << "{\n  \"format\": " << json_string(format::kFormatName)
        << ",\n  \"version\": " << format::kVersion
        << ",\n  \"program\": " << json_string(info.program)
        << ",\n  \"archive\": " << json_string(archive) << ",\n  \"args\": [";
    for (size_t i = 0; i < info.args.size(); ++i)
        out << (i ? ", " : "") << json_string(info.args[i]);
    char clock[32];
    std::snprintf(clock, sizeof clock, "%.0f", info.clock_hz);
    out << "],\n  \"config\": " << json_string(info.config)
        << ",\n  \"model\": " << json_string(info.model) << ",\n  \"cpus\": " << info.cpus
        << ",\n  \"clock_hz\": " << clock << ",\n  \"skid\": " << info.skid
        << ",\n  \"exact\": " << (info.exact ? "true" : "false") << ",\n  \"counters\": [";
    for (size_t i = 0; i < info.counters.size(); ++i) {
        const ExperimentCounter& c = info.counters[i];
        out << (i ? "," : "") << "\n    {\"index\": " << i << ", \"name\": " << json_string(c.name)
            << ", \"raw\": " << json_string(c.raw) << ", \"register\": " << c.reg
            << ", \"overflow\": " << c.overflow << ", \"units\": " << json_string(c.units)
            << ", \"cycles\": " << (c.cycles ? "true" : "false")
            << ", \"memop\": " << json_string(c.memop.empty() ? "none" : c.memop)
            << ", \"backtrack\": " << (c.backtrack ? "true" : "false") << "}";
    }
    out << "\n  ],\n  \"packets\": " << packets << ",\n  \"exit_code\": " << info.exit_code
        << "\n}\n";
    o.close();
}

void write_packets(const fs::path& dir, const std::vector<ProfilePacket>& packets) {
    Output o(dir / format::kPacketsFile, format::kPacketsHeader);
    auto& out = *o;
    const std::string none = format::kNone;
    for (const ProfilePacket& p : packets) {
        const bool cand = p.backtracked && p.candidate.found;
        out << p.counter << '\t' << p.cpu << '\t' << p.tid << '\t' << p.cycle << '\t' << hex(p.pc)
            << '\t' << (cand ? hex(p.candidate.pc) : none) << '\t'
            << (cand && p.candidate.has_ea ? hex(p.candidate.ea) : none) << '\t' << hex(p.true_pc)
            << '\t' << (p.has_true_ea ? hex(p.true_ea) : none) << '\t';
        for (size_t i = 0; i < p.stack.size(); ++i)
            out << (i ? "," : "") << hex(p.stack[i]);
        out << '\n';
    }
    o.close();
}

void write_exact(const fs::path& dir, const std::vector<std::map<uint64_t, uint64_t>>& exact) {
    Output o(dir / format::kExactFile, format::kExactHeader);
    for (size_t k = 0; k < exact.size(); ++k)
        for (const auto& [pc, n] : exact[k])
            *o << k << '\t' << hex(pc) << '\t' << n << '\n';
    o.close();
}

void write_cpi(const fs::path& dir, const CpiByPc& cpi) {
    const std::string header = cpi_header();
    Output o(dir / format::kCpiFile, header.c_str());
    for (const auto& [pc, row] : cpi) {
        *o << hex(pc) << '\t' << row.instructions;
        for (uint64_t c : row.cycles)
            *o << '\t' << c;
        *o << '\n';
    }
    o.close();
}

void write_symbols(const fs::path& dir, const loader::ElfImage& image) {
    Output o(dir / format::kSymbolsFile, format::kSymbolsHeader);
    for (const loader::ElfSymbol& s : image.symbols)
        *o << hex(s.value) << '\t' << s.size << '\t' << (s.is_function ? "FUNC" : "OBJECT") << '\t'
           << s.name << '\n';
    o.close();
}

void write_load_map(const fs::path& dir, const std::vector<Segment>& segments) {
    Output o(dir / format::kLoadMapFile, format::kLoadMapHeader);
    for (const Segment& s : segments)
        *o << hex(s.start) << '\t' << hex(s.end) << '\t' << s.name << '\n';
    o.close();
}

} // namespace

std::string next_experiment_name() {
    for (unsigned n = 1;; ++n) {
        const std::string name = "test." + std::to_string(n) + ".er";
        if (!fs::exists(name)) return name;
    }
}

void create_experiment_folder(const std::string& folder) {
    std::error_code ec;
    if (fs::exists(folder, ec))
        throw std::invalid_argument("experiment '" + folder + "' already exists");
    if (!fs::create_directories(fs::path(folder) / format::kArchiveDir, ec))
        throw std::invalid_argument("cannot create experiment '" + folder + "': " + ec.message());
}

void write_experiment(const std::string& folder, const ExperimentInfo& info,
                      const std::vector<ProfilePacket>& packets, const ExactProfile* exact,
                      const loader::ElfImage& image, const std::vector<Segment>& segments) {
    const fs::path dir(folder);
    const std::string archive =
        std::string(format::kArchiveDir) + "/" + fs::path(info.program).filename().string();
    {
        std::ofstream elf(dir / archive, std::ios::binary);
        elf.write(reinterpret_cast<const char*>(image.bytes.data()),
                  std::streamsize(image.bytes.size()));
        if (!elf) throw std::runtime_error("cannot write " + (dir / archive).string());
    }
    write_packets(dir, packets);
    if (exact) {
        write_exact(dir, exact->events);
        write_cpi(dir, exact->cpi);
    }
    write_symbols(dir, image);
    write_load_map(dir, segments);
    write_json(dir, info, packets.size(), archive); // last: a complete experiment has it
}

} // namespace fireplane::profiling
