#include "progress_line.h"

#include "platform/session/run_summary.h"

#include <cstdio>
#include <ostream>

namespace fireplane::cli {

ProgressLine::ProgressLine(const RunSummary& figures, std::ostream& out, bool terminal)
    : figures_(figures), out_(out), terminal_(terminal), start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressLine::tick() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < kPeriod) return;
    last_ = now;
    draw();
}

void ProgressLine::draw() {
    const double host = std::chrono::duration<double>(last_ - start_).count();
    const double instructions = figures_.instructions();
    char line[160];
    std::snprintf(
        line, sizeof line, "fireplane: %.6f s simulated, %.0f instructions, %.1f MIPS, %.0f s host",
        figures_.sim_seconds(), instructions, host > 0 ? instructions / host / 1e6 : 0.0, host);
    // On a terminal: back to the line's start, then clear what a longer line left.
    out_ << (terminal_ ? "\r" : "") << line << (terminal_ ? "\033[K" : "\n");
    out_.flush();
    drawn_ = true;
}

void ProgressLine::finish() {
    if (drawn_ && terminal_) out_ << '\n';
    drawn_ = false;
}

} // namespace fireplane::cli
