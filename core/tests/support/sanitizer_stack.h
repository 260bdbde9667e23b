#pragma once
// For programs that run SystemC under AddressSanitizer (the unit tests'
// main, the fuzz targets). libsystemc reports its coroutine switches through
// the sanitizers' fiber API, but when the last coroutine to run has ended (an
// SC_THREAD returned), the main thread's stack stays recorded as that
// coroutine's. LeakSanitizer then scans a stack that is gone: it crashed, or
// took objects held only by the main stack for leaks. record_main_stack()
// records the main thread's own stack again, as a switch to it; call it on
// that stack, with no coroutine running. Without AddressSanitizer it does
// nothing.
#if defined(__SANITIZE_ADDRESS__)
#define FIREPLANE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FIREPLANE_ASAN 1
#endif
#endif

#ifdef FIREPLANE_ASAN
#include <pthread.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace fireplane::test {

inline void record_main_stack() {
#ifdef FIREPLANE_ASAN
    pthread_attr_t attr;
    void* bottom = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
    pthread_attr_getstack(&attr, &bottom, &size);
    pthread_attr_destroy(&attr);
    void* fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&fake_stack, bottom, size);
    __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
}

} // namespace fireplane::test
