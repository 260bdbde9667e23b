// Catch2 main shared by the unit-test executables. SystemC's own main() in
// libsystemc is overridden by this one; every TEST_CASE runs in its own
// process under ctest (catch_discover_tests), so each can elaborate a design.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "core/tests/support/sanitizer_stack.h"

#ifdef FIREPLANE_ASAN
#include <sanitizer/lsan_interface.h>
#endif

// libsystemc refers to sc_main even when its main() is not used.
extern "C" int sc_main(int, char*[]) {
    return 0;
}

int main(int argc, char* argv[]) {
    const int failed = Catch::Session().run(argc, argv);
#ifdef FIREPLANE_ASAN
    // The leak check, on the main stack as recorded again (sanitizer_stack.h).
    fireplane::test::record_main_stack();
    __lsan_do_leak_check();
#endif
    return failed;
}
