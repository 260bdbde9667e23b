// Catch2 main shared by the unit-test executables. SystemC's own main() in
// libsystemc is overridden by this one; every TEST_CASE runs in its own
// process under ctest (catch_discover_tests), so each can elaborate a design.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

// libsystemc refers to sc_main even when its main() is not used.
extern "C" int sc_main(int, char*[]) {
    return 0;
}
