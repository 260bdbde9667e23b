#pragma once
// Where a device's character output goes: "stdout", "stderr", "none", or a
// file path. Output is line buffered (flushed at each newline, when the buffer
// fills, on flush() and on destruction), so interleaving with the simulator's
// own messages is deterministic.
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

    void put(char c);
    void flush();
    const std::string& target() const { return target_; }

private:
    std::string target_;
    std::FILE* file_ = nullptr; // nullptr for "none"
    bool owned_ = false;        // opened by us, so closed by us
    std::string pending_;
};

} // namespace fireplane
