#include "core/checkpoint/checkpointable.h"

#include <systemc>

#include <cstddef>
#include <cstdlib>

namespace fireplane {

void CheckpointRegistry::add(std::string name, unsigned version, Checkpointable& model, Kind kind) {
    if (!index_.emplace(name, sections_.size()).second) {
        SC_REPORT_FATAL("fireplane/checkpoint",
                        ("two models register the checkpoint section '" + name + "'").c_str());
        std::abort();
    }
    sections_.push_back({std::move(name), version, kind, &model});
}

void CheckpointRegistry::remove(const Checkpointable& model) {
    for (size_t i = sections_.size(); i-- > 0;) {
        if (sections_[i].model != &model) continue;
        index_.erase(sections_[i].name);
        sections_.erase(sections_.begin() + ptrdiff_t(i));
        for (size_t j = i; j < sections_.size(); ++j)
            index_[sections_[j].name] = j;
    }
}

const CheckpointRegistry::Section* CheckpointRegistry::find(const std::string& name) const {
    auto at = index_.find(name);
    return at != index_.end() ? &sections_[at->second] : nullptr;
}

} // namespace fireplane
