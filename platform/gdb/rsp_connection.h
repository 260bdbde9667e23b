#pragma once
// One gdb at the other end of a stream socket: packets with their
// acknowledgements (until gdb asks for QStartNoAckMode), read blocking while
// the target is stopped, polled without blocking while it runs.
#include "rsp_packet.h"

#include <deque>
#include <optional>
#include <string>
#include <string_view>

namespace fireplane::gdb {

class RspConnection {
public:
    explicit RspConnection(int fd); // takes the socket
    ~RspConnection();
    RspConnection(const RspConnection&) = delete;
    RspConnection& operator=(const RspConnection&) = delete;

    bool open() const { return fd_ >= 0; }
    // The next packet, acknowledged; waits for it. nullopt once gdb has gone.
    std::optional<std::string> read_packet();
    // Sends one packet and, in acknowledged mode, waits for its '+' (sending
    // it again on '-'). False once gdb has gone.
    bool send(std::string_view data);
    // Never blocks: true if the interrupt byte (Ctrl-C) has arrived. Packets
    // that arrive meanwhile wait for read_packet().
    bool poll_interrupt();
    void stop_acknowledging() { acknowledging_ = false; }
    void close();

private:
    // Reads what has arrived into the decoder (waiting for something if
    // `block`); false at end of stream or on an error.
    bool receive(bool block);
    bool write_all(std::string_view bytes);

    int fd_;
    bool acknowledging_ = true;
    RspDecoder decoder_;
    std::deque<RspEvent> pending_; // decoded, not yet taken
};

} // namespace fireplane::gdb
