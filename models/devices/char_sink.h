#pragma once
// Where a device's character output goes: "stdout", "stderr", "none", or a
// file path. Output is line buffered (flushed at each newline, when the buffer
// fills, on flush() and on destruction), so interleaving with the simulator's
// own messages is deterministic. A file is created at construction (so a bad
// path is a configuration error) but only emptied by begin() or the first
// output: building a machine without running it (dump-config) keeps its old
// contents.
#include <cstdio>
#include <string>

namespace fireplane {

class CharSink {
public:
    // Throws std::runtime_error when a file cannot be created.
    explicit CharSink(const std::string& target);
    ~CharSink();
    CharSink(const CharSink&) = delete;
    CharSink& operator=(const CharSink&) = delete;

    void begin(); // empties the file, once; at the start of simulation
    void put(char c);
    void flush();
    const std::string& target() const { return target_; }

private:
    std::string target_;
    std::FILE* file_ = nullptr; // nullptr for "none"
    bool owned_ = false;        // opened by us, so closed by us
    bool begun_ = false;        // the file was emptied
    std::string pending_;
};

} // namespace fireplane
