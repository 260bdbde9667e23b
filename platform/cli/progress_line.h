#pragma once
// A progress line on stderr during long runs: simulated time, instructions
// and speed, every few seconds of host time. On a terminal it redraws one
// line; elsewhere it appends lines. It only reads the machine, between two
// slices of the simulation, so the run is the same with or without it.
#include <chrono>
#include <iosfwd>

namespace fireplane {
class RunSummary;
}

namespace fireplane::cli {

class ProgressLine {
public:
    ProgressLine(const RunSummary& figures, std::ostream& out, bool terminal);
    void tick();   // draws the line if the period has passed
    void finish(); // ends a drawn line, before the summary
    static constexpr std::chrono::seconds kPeriod{2};

private:
    void draw();

    const RunSummary& figures_;
    std::ostream& out_;
    bool terminal_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_, last_;
};

} // namespace fireplane::cli
