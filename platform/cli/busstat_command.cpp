// `fireplane busstat FILE [--every N]`: busstat over samples a run saved with
// --busstat-out. It merges every N intervals (per monitor and event) and
// prints them in busstat's layout again, then each event's scaled total, so
// one run can be looked at with coarser intervals afterwards.
#include "commands.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fireplane::cli {

namespace {
struct Window {
    double end = 0;
    std::map<std::pair<std::string, std::string>, uint64_t> counts; // (dev, event) -> count
};
} // namespace

int busstat_file(const std::string& path, unsigned every) {
    if (every == 0) throw std::invalid_argument("--every must be at least 1");
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read busstat samples from '" + path + "'");
    std::string line;
    if (!std::getline(in, line) || line.compare(0, 4, "time") != 0)
        throw std::invalid_argument("'" + path + "' does not start with busstat's header line");
    std::vector<Window> windows;
    std::map<std::string, std::pair<uint64_t, unsigned>> tally; // event -> (count, intervals)
    std::map<std::string, unsigned> seen;                       // dev -> intervals read
    unsigned n = 1;
    while (std::getline(in, line)) {
        ++n;
        if (line.compare(0, 14, "busstat totals") == 0) break;
        std::istringstream f(line);
        double time;
        std::string dev, e0, p0, e1, p1;
        if (!(f >> time >> dev >> e0 >> p0 >> e1 >> p1))
            throw std::invalid_argument(path + ":" + std::to_string(n) + ": not a busstat sample");
        const unsigned index = seen[dev]++;
        if (index / every >= windows.size()) windows.resize(index / every + 1);
        Window& w = windows[index / every];
        w.end = time;
        for (const auto& [event, pic] : {std::pair{e0, p0}, std::pair{e1, p1}}) {
            if (event == "-") continue;
            uint64_t count = 0;
            try {
                count = std::stoull(pic);
            } catch (const std::exception&) {
                throw std::invalid_argument(path + ":" + std::to_string(n) + ": bad count '" + pic +
                                            "'");
            }
            w.counts[{dev, event}] += count;
            tally[event].first += count;
            ++tally[event].second;
        }
    }
    std::printf("%-10s %-10s %-30s %12s %-30s %12s\n", "time", "dev", "event0", "pic0", "event1",
                "pic1");
    for (const Window& w : windows) {
        // Per monitor, its events two to a line, as busstat prints them.
        std::map<std::string, std::vector<std::pair<std::string, uint64_t>>> by_dev;
        for (const auto& [key, count] : w.counts)
            by_dev[key.first].emplace_back(key.second, count);
        for (const auto& [dev, events] : by_dev)
            for (size_t i = 0; i < events.size(); i += 2) {
                std::printf("%-10.6f %-10s", w.end, dev.c_str());
                for (size_t k = i; k < i + 2 && k < events.size(); ++k)
                    std::printf(" %-30s %12llu", events[k].first.c_str(),
                                static_cast<unsigned long long>(events[k].second));
                std::printf("\n");
            }
    }
    unsigned intervals = 0;
    for (const auto& [dev, k] : seen)
        intervals = std::max(intervals, k);
    std::printf("busstat totals over %u intervals (scaled by intervals / intervals counted):\n",
                intervals);
    for (const auto& [event, t] : tally)
        std::printf("  %-30s %14.0f  (counted %llu in %u of %u intervals)\n", event.c_str(),
                    t.second ? double(t.first) * intervals / t.second : 0.0,
                    static_cast<unsigned long long>(t.first), t.second, intervals);
    return 0;
}

} // namespace fireplane::cli
