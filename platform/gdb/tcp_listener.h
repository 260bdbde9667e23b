#pragma once
// The stub's listening socket: TCP on the loopback interface only, since the
// protocol has no authentication.
#include <cstdint>

namespace fireplane::gdb {

class TcpListener {
public:
    // Listens on 127.0.0.1:port; port 0 takes a free one. Throws
    // std::runtime_error naming the port when it cannot.
    explicit TcpListener(uint16_t port);
    ~TcpListener();
    TcpListener(const TcpListener&) = delete;
    TcpListener& operator=(const TcpListener&) = delete;

    uint16_t port() const { return port_; }
    // A connected socket (small packets go out at once: no Nagle delay), or
    // -1 when `block` is false and nobody is connecting.
    int accept(bool block);

private:
    int fd_ = -1;
    uint16_t port_ = 0;
};

} // namespace fireplane::gdb
