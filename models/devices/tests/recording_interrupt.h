#pragma once
// An InterruptInput for the device tests: it records every level a device
// reports, with its INO and the simulated time, and the level of each line.
#include "models/common/interrupts.h"

#include <systemc>

#include <map>
#include <vector>

namespace fireplane::test {

class RecordingInterrupt : public InterruptInput {
public:
    struct Change {
        unsigned ino;
        bool asserted;
        sc_core::sc_time at;
    };
    std::vector<Change> changes;

    void set_level(unsigned ino, bool asserted) override {
        changes.push_back({ino, asserted, sc_core::sc_time_stamp()});
        levels_[ino] = asserted;
    }
    bool asserted(unsigned ino) const {
        auto it = levels_.find(ino);
        return it != levels_.end() && it->second;
    }

private:
    std::map<unsigned, bool> levels_;
};

} // namespace fireplane::test
