#pragma once
// A buffer for the bytes a system call moves between the host and the guest,
// left uninitialised: a call may ask for 64 MiB and move a few bytes, and
// zeroing all of it first would cost more than the call.
#include <cstddef>
#include <cstdint>
#include <memory>

namespace fireplane::linux_user {

inline std::unique_ptr<uint8_t[]> host_buffer(size_t bytes) {
    return std::unique_ptr<uint8_t[]>(new uint8_t[bytes]);
}

} // namespace fireplane::linux_user
