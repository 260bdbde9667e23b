// Linked into every fuzz target: libFuzzer brings main(), and libsystemc
// refers to sc_main even when its own main() is not used.
extern "C" int sc_main(int, char*[]) {
    return 0;
}
