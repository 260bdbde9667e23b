#include "rsp_connection.h"

#include <cerrno>
#include <sys/socket.h>
#include <unistd.h>

namespace fireplane::gdb {

namespace {
constexpr int kResends = 8; // '-' answers to one packet before giving up on gdb
}

RspConnection::RspConnection(int fd) : fd_(fd) {}

RspConnection::~RspConnection() {
    close();
}

void RspConnection::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

bool RspConnection::receive(bool block) {
    if (fd_ < 0) return false;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::recv(fd_, buffer, sizeof buffer, block ? 0 : MSG_DONTWAIT);
        if (n > 0) {
            decoder_.feed(buffer, size_t(n));
            while (auto event = decoder_.next())
                pending_.push_back(std::move(*event));
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && !block && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
        close(); // end of stream, or a broken connection
        return false;
    }
}

bool RspConnection::write_all(std::string_view bytes) {
    while (!bytes.empty() && fd_ >= 0) {
        const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close();
            return false;
        }
        bytes.remove_prefix(size_t(n));
    }
    return fd_ >= 0;
}

std::optional<std::string> RspConnection::read_packet() {
    for (;;) {
        while (!pending_.empty()) {
            RspEvent event = std::move(pending_.front());
            pending_.pop_front();
            switch (event.kind) {
            case RspEvent::Kind::Packet:
                if (acknowledging_ && !write_all("+")) return std::nullopt;
                return std::move(event.data);
            case RspEvent::Kind::BadChecksum:
                if (acknowledging_ && !write_all("-")) return std::nullopt;
                break;
            default: break; // stray acknowledgements; Ctrl-C while stopped means nothing
            }
        }
        if (!receive(true)) return std::nullopt;
    }
}

bool RspConnection::send(std::string_view data) {
    const std::string packet = frame_packet(data);
    for (int attempt = 0; attempt < kResends; ++attempt) {
        if (!write_all(packet)) return false;
        if (!acknowledging_) return true;
        // Wait for the acknowledgement; packets that overtake it stay queued.
        for (;;) {
            auto it = pending_.begin();
            while (it != pending_.end() && it->kind != RspEvent::Kind::Ack &&
                   it->kind != RspEvent::Kind::Nak)
                ++it;
            if (it == pending_.end()) {
                if (!receive(true)) return false;
                continue;
            }
            const bool ack = it->kind == RspEvent::Kind::Ack;
            pending_.erase(it);
            if (ack) return true;
            break; // '-': send it again
        }
    }
    close();
    return false;
}

bool RspConnection::poll_interrupt() {
    if (!receive(false)) return false;
    for (auto it = pending_.begin(); it != pending_.end(); ++it)
        if (it->kind == RspEvent::Kind::Interrupt) {
            pending_.erase(it);
            return true;
        }
    return false;
}

} // namespace fireplane::gdb
