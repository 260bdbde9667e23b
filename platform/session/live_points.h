#pragma once
// Live points (TurboSMARTS, Wenisch et al., SIGMETRICS 2005; docs/sampling.md):
// a sampled run saves, at each unit's start, the machine with its warm caches
// and predictors and only the memory that unit touches. A later run measures
// the units from those points alone, without the instructions between them,
// under this or another timing configuration.
//
//   DIR/live-points.yaml            the index: sampling parameters, machine, points
//   DIR/p000001/checkpoint.yaml ... one checkpoint per point (live_point: true)
#include "core/checkpoint/checkpoint_file.h"
#include "sampler.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace fireplane {

class MemoryImage;

struct LivePointLibrary {
    static constexpr const char* kIndex = "live-points.yaml";
    SamplingOptions sampling;
    std::string machine_file, machine_hash, mode;
    std::vector<std::string> argv;
    // What the run's standard streams were (standard_streams.h): a point is
    // measured with streams of the same kinds. Older libraries: /dev/null.
    std::vector<std::string> streams = {"char", "char", "char"};
    std::vector<std::string> points;  // folders under the library's, in order
    std::vector<std::string> skipped; // units saved no point, and why

    void write(const std::string& dir) const;
    // Throws CheckpointError for a folder that holds no library, or a damaged index.
    static LivePointLibrary read(const std::string& dir);
};

// Saves live points while a sampled run goes: the machine as each unit's
// warm-up begins, its memory as the unit touched it.
class LivePointWriter {
public:
    LivePointWriter(std::string dir, LivePointLibrary header, CheckpointRegistry& registry);
    ~LivePointWriter();

    // The warm-up begins: `why_not` is why the machine cannot be saved warm
    // now ("" when it can), and the unit then has no point.
    void unit_begins(const CheckpointInfo& info, const std::string& why_not);
    // The unit ends: a point is kept only for a unit the estimate counts, and
    // a reset of the statistics drops the points before it (Sampler).
    void unit_ends(bool counted, bool dropped_earlier);
    // The index, once the run is over (a unit cut short by the end has no point).
    void finish();

private:
    void stop_capture();
    std::string unit_name() const; // the folder of the unit now beginning or ending

    std::string dir_;
    LivePointLibrary library_;
    CheckpointRegistry& registry_;
    std::vector<MemoryImage*> memories_;
    SavedSections machine_; // at the unit's start, every section but the memories
    CheckpointInfo info_;
    bool capturing_ = false;
};

} // namespace fireplane
