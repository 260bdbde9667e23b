#include "core/checkpoint/memory_capture.h"

#include <sys/mman.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fireplane {

namespace {

// The active captures. Faults are synchronous and the simulator runs on one
// host thread, so the handler reads this without locks.
std::array<MemoryCapture*, 64> g_active{};
struct sigaction g_previous {};

void on_fault(int sig, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<uintptr_t>(info->si_addr);
    for (MemoryCapture* c : g_active)
        if (c && c->take_fault(address)) return;
    // Not ours: the previous handler, or the default action once we return.
    if (g_previous.sa_flags & SA_SIGINFO) {
        g_previous.sa_sigaction(sig, info, context);
        return;
    }
    sigaction(SIGSEGV, &g_previous, nullptr);
}

// Ours, unless something installed its own since (a test framework does, per
// test): then ours goes in front of it again.
void install() {
    struct sigaction now {};
    sigaction(SIGSEGV, nullptr, &now);
    if ((now.sa_flags & SA_SIGINFO) && now.sa_sigaction == on_fault) return;
    struct sigaction a {};
    a.sa_sigaction = on_fault;
    a.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&a.sa_mask);
    if (sigaction(SIGSEGV, &a, &g_previous) != 0)
        throw std::runtime_error(std::string("memory capture: sigaction: ") + std::strerror(errno));
}

void protect(uint8_t* p, uint64_t n, int prot) {
    if (mprotect(p, n, prot) != 0)
        throw std::runtime_error(std::string("memory capture: mprotect: ") + std::strerror(errno));
}

} // namespace

MemoryCapture::MemoryCapture(uint8_t* data, uint64_t size, uint64_t chunk, uint64_t max_chunks)
    : data_(data), size_(size), chunk_(chunk), max_chunks_(max_chunks) {
    void* p = mmap(nullptr, max_chunks_ * chunk_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        throw std::runtime_error(std::string("memory capture: cannot reserve its store: ") +
                                 std::strerror(errno));
    store_ = static_cast<uint8_t*>(p);
    touched_.reserve(max_chunks_);
}

MemoryCapture::~MemoryCapture() {
    if (active_) stop();
    munmap(store_, max_chunks_ * chunk_);
}

void MemoryCapture::start() {
    if (active_) stop();
    install();
    touched_.clear();
    overflowed_ = false;
    size_t slot = 0;
    while (slot < g_active.size() && g_active[slot])
        ++slot;
    if (slot == g_active.size()) throw std::logic_error("memory capture: too many at once");
    g_active[slot] = this;
    active_ = true;
    protect(data_, size_, PROT_NONE);
}

void MemoryCapture::stop() {
    if (!active_) return;
    protect(data_, size_, PROT_READ | PROT_WRITE);
    for (MemoryCapture*& c : g_active)
        if (c == this) c = nullptr;
    active_ = false;
}

bool MemoryCapture::take_fault(uintptr_t address) {
    const auto base = reinterpret_cast<uintptr_t>(data_);
    if (!active_ || address < base || address - base >= size_) return false;
    const uint64_t c = (address - base) / chunk_;
    uint8_t* at = data_ + c * chunk_;
    const uint64_t n = size_ - c * chunk_ < chunk_ ? size_ - c * chunk_ : chunk_;
    if (touched_.size() == max_chunks_) {
        // Full: every access back, and the capture marked incomplete.
        overflowed_ = true;
        mprotect(data_, size_, PROT_READ | PROT_WRITE);
        return true;
    }
    mprotect(at, n, PROT_READ | PROT_WRITE);
    std::memcpy(store_ + touched_.size() * chunk_, at, n);
    touched_.push_back(c); // reserved: no allocation here
    return true;
}

} // namespace fireplane
