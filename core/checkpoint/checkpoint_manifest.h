#pragma once
// A checkpoint's manifest (checkpoint.yaml) as read, before it is checked:
// the fields CheckpointReader needs, from either of two readers.
//
// yaml-cpp reads any manifest, but takes about a millisecond for one of a
// 12-CPU machine, and live points read thousands. read_plain_manifest reads
// the manifest exactly as write_checkpoint emits it (block keys, one flow map
// per section, plain or double-quoted scalars without escapes) in a few
// microseconds, and declines anything else (an edited manifest, an unusual
// character, a newer format), which yaml-cpp then reads. Where it accepts, it
// gives what yaml-cpp gives (core/tests/checkpoint_manifest_tests.cpp).
#include "checkpoint_file.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fireplane {

struct ManifestSection {
    std::string name;
    unsigned version = 0;
    std::string kind; // "required" or "optional"
    std::string shape;
    std::string file;
    uint64_t bytes = 0;
    uint32_t crc = 0;
    std::string codec = "zlib"; // format 1 names none
};

struct Manifest {
    std::string format; // "fireplane-checkpoint"
    CheckpointInfo info;
    std::vector<ManifestSection> sections;
};

// The manifest `text` as this build writes it, or nothing.
std::optional<Manifest> read_plain_manifest(std::string_view text);

} // namespace fireplane
