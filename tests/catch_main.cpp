// Catch2 main shared by the unit-test executables. SystemC's own main() in
// libsystemc is overridden by this one; every TEST_CASE runs in its own
// process under ctest (catch_discover_tests), so each can elaborate a design.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

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
#include <sanitizer/lsan_interface.h>
#endif

// libsystemc refers to sc_main even when its main() is not used.
extern "C" int sc_main(int, char*[]) {
    return 0;
}

#ifdef FIREPLANE_ASAN
namespace {
// libsystemc tells AddressSanitizer of its coroutine switches (the fiber
// API), but when the last coroutine to run ended (an SC_THREAD returned),
// the main thread's stack stays recorded as that coroutine's. LeakSanitizer
// then scanned a stack that was gone, and crashed. The main thread's own
// stack is recorded again, as a switch to it, before the leak check.
void record_main_stack() {
    pthread_attr_t attr;
    void* bottom = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
    pthread_attr_getstack(&attr, &bottom, &size);
    pthread_attr_destroy(&attr);
    void* fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&fake_stack, bottom, size);
    __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
}
} // namespace
#endif

int main(int argc, char* argv[]) {
    const int failed = Catch::Session().run(argc, argv);
#ifdef FIREPLANE_ASAN
    record_main_stack();
    __lsan_do_leak_check();
#endif
    return failed;
}
