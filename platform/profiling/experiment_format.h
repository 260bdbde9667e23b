#pragma once
// The experiment folder `fireplane collect` writes and `fireplane analyze`
// reads (docs/experiment-format.md). Both sides take the names from here.
#include <cstdint>

namespace fireplane::profiling::format {

constexpr const char* kFormatName = "fireplane-experiment";
constexpr unsigned kVersion = 1;

// Files inside NAME.er/
constexpr const char* kExperimentFile = "experiment.json"; // what was run and how
constexpr const char* kPacketsFile = "packets.tsv";        // one profile packet per line
constexpr const char* kExactFile = "exact.tsv";            // --exact: every event per PC
constexpr const char* kCpiFile = "cpi.tsv";                // --exact: the CPI stack per PC
constexpr const char* kSymbolsFile = "symbols.tsv";        // the ELF's symbol table
constexpr const char* kLoadMapFile = "loadmap.tsv";        // the process's segments
constexpr const char* kArchiveDir = "archive";             // a copy of the program's ELF

// Header lines of the TSV files, in column order.
constexpr const char* kPacketsHeader =
    "counter\tcpu\ttid\tcycle\tpc\tcand_pc\tcand_ea\ttrue_pc\ttrue_ea\tstack";
constexpr const char* kExactHeader = "counter\tpc\tcount";
constexpr const char* kSymbolsHeader = "start\tsize\ttype\tname";
constexpr const char* kLoadMapHeader = "start\tend\tname";

// A field with no value ("no candidate found", "no effective address").
constexpr const char* kNone = "-";

} // namespace fireplane::profiling::format
