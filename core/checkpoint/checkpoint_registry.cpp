#include "core/checkpoint/checkpointable.h"

#include <systemc>

#include <algorithm>
#include <cstdlib>

namespace fireplane {

void CheckpointRegistry::add(std::string name, unsigned version, Checkpointable& model, Kind kind) {
    if (find(name)) {
        SC_REPORT_FATAL("fireplane/checkpoint",
                        ("two models register the checkpoint section '" + name + "'").c_str());
        std::abort();
    }
    sections_.push_back({std::move(name), version, kind, &model});
}

void CheckpointRegistry::remove(const Checkpointable& model) {
    sections_.erase(std::remove_if(sections_.begin(), sections_.end(),
                                   [&](const Section& s) { return s.model == &model; }),
                    sections_.end());
}

const CheckpointRegistry::Section* CheckpointRegistry::find(const std::string& name) const {
    for (const Section& s : sections_)
        if (s.name == name) return &s;
    return nullptr;
}

} // namespace fireplane
