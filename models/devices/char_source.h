#pragma once
// Where a device's character input comes from: "none", "stdin", or a file
// path. Two kinds of source, so that runs stay deterministic:
//  - a pipe or a file is always ready: next() blocks until its next byte
//    arrives, and end of file ends the input, so the host's timing never
//    changes what the guest sees;
//  - a terminal is interactive: it is put in raw mode while the simulation
//    runs (host_terminal.h) and poll()ed without blocking. Ctrl-A x asks to
//    end the run, Ctrl-A Ctrl-A sends a Ctrl-A, Ctrl-A h prints this help.
// Nothing is opened or read before start(), so building a machine (as
// dump-config does) has no effect on the host.
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

namespace fireplane {

// An input that cannot be used: a file that cannot be read, stdin taken.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class CharSource {
public:
    static constexpr int kNothing = -1; // nothing typed yet (a terminal)
    static constexpr int kEnd = -2;     // no more input, ever

    // Throws InputError for a file that cannot be read, and for "stdin" when
    // another device already reads it.
    explicit CharSource(const std::string& source);
    ~CharSource();
    CharSource(const CharSource&) = delete;
    CharSource& operator=(const CharSource&) = delete;

    // Opens the input (raw mode for a terminal); at the start of simulation.
    // Throws InputError when a file cannot be opened.
    void start();
    // Gives the terminal back; at the end of the run (and in the destructor).
    void stop();

    bool enabled() const { return kind_ != Kind::None; } // not "none"
    bool interactive() const { return interactive_; }    // a terminal: poll() it
    bool ended() const { return ended_; }
    bool waiting() const { return !typed_.empty(); } // a terminal: typed, not yet taken
    const std::string& source() const { return source_; }

    // The next byte (0..255), kEnd at the end of the input, or (a terminal
    // only) kNothing when no byte is waiting. Blocks only for a pipe or file.
    int next();
    // A terminal: reads what was typed, without blocking, and handles the
    // Ctrl-A escapes. Returns true when the user asked to end the run.
    bool poll();

private:
    enum class Kind { None, Stdin, File };
    bool fill(); // reads more bytes into buffer_; false at the end of input

    std::string source_;
    Kind kind_ = Kind::None;
    int fd_ = -1;
    bool owned_ = false; // fd_ opened by us
    bool started_ = false;
    bool interactive_ = false;
    bool ended_ = false;
    bool escape_ = false; // the last byte typed was Ctrl-A
    std::vector<uint8_t> buffer_;
    size_t next_ = 0;           // first unread byte of buffer_
    std::deque<uint8_t> typed_; // a terminal's bytes, escapes removed
};

} // namespace fireplane
