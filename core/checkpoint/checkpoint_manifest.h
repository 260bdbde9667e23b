#pragma once
// A checkpoint's manifest (checkpoint.yaml): what it says of the checkpoint,
// and of each section, as CheckpointReader (checkpoint_file.h) keeps it.
//
// Two readers fill it. yaml-cpp reads any manifest, but takes about a
// millisecond for one of a 12-CPU machine, and live points read thousands.
// read_plain_manifest reads the manifest exactly as write_checkpoint emits it
// (block keys, one flow map per section, plain or double-quoted scalars
// without escapes) in a few microseconds, and declines anything else (an
// edited manifest, an unusual character, a newer format, an unknown codec),
// which yaml-cpp then reads. Where it accepts, it gives what yaml-cpp gives
// (core/tests/checkpoint_manifest_tests.cpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fireplane {

struct CheckpointInfo {
    static constexpr unsigned kFormat = 3; // the newest format this build reads and writes
    unsigned format = kFormat;
    std::string created_by;   // the simulator's version
    std::string machine_hash; // of the configuration that matters to architectural state
    std::string machine_file; // the machine file it was made with (for messages)
    std::string mode;         // "user" or "firmware"
    uint64_t time_ps = 0;     // simulated time
    uint64_t instructions = 0;
    std::vector<std::string> argv; // user mode: the program and its arguments
    // A live point (docs/sampling.md): its memory holds only what one
    // sampling unit touches, so only a live-point run may restore it.
    bool live_point = false;
};

// How a section's file is packed: format 1 names no codec (zlib), formats 2 and 3 zstd.
enum class SectionCodec : uint8_t { Zlib, Zstd };
// The codec a manifest names, or nothing for one this build cannot unpack.
std::optional<SectionCodec> codec_named(std::string_view name);

struct ManifestSection {
    std::string name;
    unsigned version = 0;
    bool optional = false; // kind: optional (else required)
    std::string shape;
    std::string file;
    uint64_t bytes = 0; // unpacked
    uint32_t crc = 0;   // format 3: of the section's file; formats 1 and 2: of the unpacked bytes
    SectionCodec codec = SectionCodec::Zlib;
};

struct Manifest {
    std::string format; // "fireplane-checkpoint"
    CheckpointInfo info;
    std::vector<ManifestSection> sections;
};

// The manifest `text` as this build writes it, or nothing.
std::optional<Manifest> read_plain_manifest(std::string_view text);

} // namespace fireplane
