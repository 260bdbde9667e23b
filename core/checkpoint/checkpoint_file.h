#pragma once
// A checkpoint on disk: a folder with `checkpoint.yaml` (the format version,
// what made it, the machine's hash, the simulated time, and a line per
// section with its version, size, CRC and codec) and one compressed file per
// section, named by the section.
//
//   DIR/checkpoint.yaml
//   DIR/cpu0.core.zst  DIR/ram.zst  DIR/os.threads.zst ...
//
// Format 2 compresses with zstd (live points restore a section of every model
// for each point, and zstd unpacks three times as fast as zlib); format 1,
// still read, with zlib (`.z`). Format 3 is format 2 with each section's CRC
// taken of its file rather than of its unpacked bytes, about a fifth as many
// to check; formats 1 and 2 are still checked as they were written. The
// manifest is written last, so a folder without one is no checkpoint.
#include "checkpoint_error.h"
#include "checkpoint_manifest.h"
#include "checkpointable.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace fireplane {

// Sections saved in memory, to be written as one checkpoint: a live point's
// are saved at two moments (the machine at the point, its memory after the unit).
struct SavedSection {
    std::string name;
    unsigned version = 0;
    bool optional = false;
    std::string shape;
    std::vector<uint8_t> bytes;
};
struct SavedSections {
    std::vector<SavedSection> sections;
    std::vector<std::string> cold; // optional sections left out, and why
};

// Saves every section of `registry` into `dir` (made if missing; a
// checkpoint already there is replaced). An optional section whose model is
// not quiescent is left out (it restores cold); the result says which, and
// why. Throws CheckpointError.
std::vector<std::string> write_checkpoint(const std::string& dir, const CheckpointInfo& info,
                                          CheckpointRegistry& registry);
// The two halves of that: every section (or those `which` accepts) saved,
// then written.
SavedSections save_sections(CheckpointRegistry& registry,
                            const std::function<bool(const Checkpointable&)>& which = {});
void write_checkpoint(const std::string& dir, const CheckpointInfo& info,
                      const SavedSections& saved);

// Bytes reused from section to section, and from restore to restore (live
// points restore point after point): mapped, grown as needed, never zero-filled.
class SectionBuffer {
public:
    SectionBuffer() = default;
    ~SectionBuffer();
    SectionBuffer(const SectionBuffer&) = delete;
    SectionBuffer& operator=(const SectionBuffer&) = delete;
    uint8_t* reserve(size_t bytes); // at least that many; the contents are not kept
    const uint8_t* data() const { return data_; }

private:
    uint8_t* data_ = nullptr;
    size_t capacity_ = 0;
};
struct SectionBuffers {
    SectionBuffer packed, unpacked; // a section's file, and its bytes
};

class CheckpointReader {
public:
    // Reads the manifest; throws CheckpointError for a folder that is no
    // checkpoint, a damaged manifest or a newer format.
    explicit CheckpointReader(std::string dir);
    const CheckpointInfo& info() const { return info_; }
    // Throws CheckpointError when `hash` (the machine restoring) differs.
    void check_machine(const std::string& hash, const std::string& machine_file) const;
    // Restores every section `registry` lists: a required section missing,
    // damaged, of a newer version or not read whole is an error; an optional
    // one missing or of another shape leaves its model as it is (a line on
    // `notes`). Sections the machine has no model for are an error when required.
    // A model of plain data is restored in place (StateIo's in_place).
    // `buffers`: kept by a caller that restores again and again.
    void restore(CheckpointRegistry& registry, std::ostream& notes,
                 SectionBuffers* buffers = nullptr) const;
    // Whether restoring sets every model of `registry`: no optional section
    // missing or of another shape (such a model keeps the state it has).
    bool restores_whole(const CheckpointRegistry& registry) const;

private:
    // The section's file into `packed`; its length. Refuses a file that
    // cannot unpack to the manifest's size before anything is allocated for it.
    size_t read_packed(const ManifestSection& e, SectionBuffer& packed) const;
    // The file's `size` bytes at `in`, unpacked into `out` (e.bytes of them) and checked.
    void unpack(const ManifestSection& e, const uint8_t* in, size_t size, uint8_t* out) const;
    CheckpointError corrupt(const ManifestSection& e) const;
    // Whether a section's CRC is of its file (format 3) or of its unpacked bytes.
    bool crc_of_file() const { return info_.format >= 3; }
    void check_version(const CheckpointRegistry::Section& s, const ManifestSection& e) const;
    void restore_section(const CheckpointRegistry::Section& s, const ManifestSection& e,
                         SectionBuffer& unpacked, SectionBuffer& packed, bool in_place) const;

    std::string dir_;
    CheckpointInfo info_;
    std::map<std::string, ManifestSection> sections_;
};

} // namespace fireplane
