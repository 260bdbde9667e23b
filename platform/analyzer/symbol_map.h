#pragma once
// Addresses to names: code to the function (FUNC symbols), data to the data
// object (OBJECT symbols, else the loadmap segment such as <heap>).
#include "experiment.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::analyzer {

constexpr const char* kUnknown = "<Unknown>";
// Where packets of not-program-related counters (other agents' snoops) go:
// the collector records PC 0 and no stack for them, as the manual says.
constexpr const char* kNotProgramRelated = "<collector_not_program_related>";

class SymbolMap {
public:
    explicit SymbolMap(const Experiment& x);

    // The function holding `pc`, or nullptr.
    const Symbol* function(uint64_t pc) const;
    // kUnknown outside every function; kNotProgramRelated for PC 0.
    std::string function_name(uint64_t pc) const;

    // The data object holding `ea`: an OBJECT symbol's name, else "<segment>",
    // else kUnknown.
    std::string data_object(uint64_t ea) const;

private:
    std::vector<Symbol> functions_; // sorted by start, one per address, sizes filled
    std::vector<Symbol> objects_;   // sorted by start
    std::vector<uint64_t> max_end_; // furthest end of objects_[0..i]: where a search back stops
    std::vector<Segment> segments_;
};

} // namespace fireplane::analyzer
