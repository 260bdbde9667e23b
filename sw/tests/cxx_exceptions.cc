// C++ exceptions: the unwinder reads DWARF CFI and walks register windows
// (flushw, then frames from the stack), so throwing through many frames with
// live destructors is one of the hardest things an ISS runs. Checks catch by
// base class, rethrow, nested exceptions, RAII order and noexcept paths.
#include "check.h"
#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

std::string trace; // order of constructor/destructor events

struct Guard {
    char tag;
    explicit Guard(char t) : tag(t) { trace += '+', trace += tag; }
    ~Guard() { trace += '-', trace += tag; }
};

struct Base : std::exception {
    int depth;
    explicit Base(int d) : depth(d) {}
    const char* what() const noexcept override { return "Base"; }
};
struct Derived : Base {
    std::string detail;
    Derived(int d, std::string s) : Base(d), detail(std::move(s)) {}
    const char* what() const noexcept override { return "Derived"; }
};

int destroyed_frames = 0;
struct FrameCounter {
    ~FrameCounter() { ++destroyed_frames; }
};

// Throws from the bottom of a deep call chain; each frame owns an object
// whose destructor must run during unwinding.
[[gnu::noinline]] int deep_throw(int depth, int limit) {
    FrameCounter fc;
    if (depth == limit) throw Derived(depth, "bottom");
    return deep_throw(depth + 1, limit) + 1;
}

[[gnu::noinline]] void rethrower() {
    Guard g('r');
    try {
        throw std::runtime_error("original");
    } catch (const std::exception& e) {
        trace += "[c:";
        trace += e.what();
        trace += "]";
        throw; // the same object continues
    }
}

struct ThrowsInCtor {
    Guard a{'a'};
    Guard b{'b'};
    explicit ThrowsInCtor(bool fail) {
        if (fail) throw std::invalid_argument("ctor");
    }
};

int catch_kind(int kind) {
    try {
        switch (kind) {
        case 0: throw 42;
        case 1: throw 3.5;
        case 2: throw std::string("text");
        case 3: throw std::out_of_range("range");
        case 4: throw Derived(7, "seven");
        case 5: std::vector<int>().at(3); break;
        case 6: throw "literal";
        default: return -1;
        }
    } catch (int v) {
        return 100 + v;
    } catch (double d) {
        return 200 + static_cast<int>(d * 2);
    } catch (const std::string& s) {
        return 300 + static_cast<int>(s.size());
    } catch (const Base& b) {
        return 400 + b.depth;
    } catch (const std::logic_error& e) { // out_of_range derives from logic_error
        return 500 + static_cast<int>(std::string(e.what()).size() % 10);
    } catch (...) {
        return 600;
    }
    return 0;
}

void terminate_free_noexcept() noexcept {
    // An exception fully handled inside a noexcept function is fine.
    try {
        throw 1;
    } catch (int) {
        trace += "[nx]";
    }
}

std::exception_ptr saved;

} // namespace

int main() {
    // 1. Deep throw, caught by base-class reference.
    for (int limit : {1, 10, 100, 1000}) {
        destroyed_frames = 0;
        try {
            deep_throw(0, limit);
            CHECK(false);
        } catch (const Base& b) {
            std::printf("caught %s at depth %d, %d frames destroyed\n", b.what(), b.depth,
                        destroyed_frames);
            CHECK(b.depth == limit && destroyed_frames == limit + 1);
        }
    }

    // 2. Rethrow keeps the original object and runs the guard's destructor.
    trace.clear();
    try {
        rethrower();
    } catch (const std::runtime_error& e) {
        trace += "[o:";
        trace += e.what();
        trace += "]";
    }
    std::printf("rethrow trace: %s\n", trace.c_str());
    CHECK(trace == "+r[c:original]-r[o:original]");

    // 3. RAII order: members built before a throwing constructor body are
    //    destroyed in reverse order; nested scopes unwind innermost first.
    trace.clear();
    try {
        Guard outer('o');
        {
            Guard inner('i');
            ThrowsInCtor t(true);
        }
    } catch (const std::invalid_argument& e) {
        trace += "[";
        trace += e.what();
        trace += "]";
    }
    std::printf("raii trace: %s\n", trace.c_str());
    CHECK(trace == "+o+i+a+b-b-a-i-o[ctor]");

    // 4. Selection among handlers.
    int kinds[7];
    for (int k = 0; k < 7; ++k)
        kinds[k] = catch_kind(k);
    std::printf("catch kinds: %d %d %d %d %d %d %d\n", kinds[0], kinds[1], kinds[2], kinds[3],
                kinds[4], kinds[5], kinds[6]);
    CHECK(kinds[0] == 142 && kinds[1] == 207 && kinds[2] == 304 && kinds[4] == 407);
    CHECK(kinds[3] == 505 && kinds[6] == 600);
    CHECK(kinds[5] >= 500 && kinds[5] < 510);

    // 5. exception_ptr: capture, rethrow later, nested_exception.
    try {
        throw Derived(3, "later");
    } catch (...) {
        saved = std::current_exception();
    }
    try {
        std::rethrow_exception(saved);
    } catch (const Derived& d) {
        std::printf("rethrown exception_ptr: %s %s\n", d.what(), d.detail.c_str());
        CHECK(d.detail == "later");
    }
    try {
        try {
            throw std::runtime_error("inner");
        } catch (...) {
            std::throw_with_nested(std::logic_error("outer"));
        }
    } catch (const std::logic_error& e) {
        std::string msg = e.what();
        try {
            std::rethrow_if_nested(e);
        } catch (const std::runtime_error& inner) {
            msg += "<-";
            msg += inner.what();
        }
        std::printf("nested: %s\n", msg.c_str());
        CHECK(msg == "outer<-inner");
    }

    // 6. unique_ptr ownership across a throw; no leak or double delete.
    trace.clear();
    try {
        auto p = std::make_unique<Guard>('u');
        std::vector<std::unique_ptr<Guard>> v;
        v.push_back(std::make_unique<Guard>('v'));
        v.push_back(std::make_unique<Guard>('w'));
        throw 0;
    } catch (int) {
    }
    terminate_free_noexcept();
    std::printf("owner trace: %s\n", trace.c_str());
    CHECK(trace == "+u+v+w-v-w-u[nx]");

    // 7. Many throws in a loop: the unwinder's caches must stay consistent.
    long total = 0;
    for (int i = 0; i < 2000; ++i) {
        try {
            if (i % 3 == 0) throw i;
            if (i % 3 == 1) throw Derived(i, "");
            total += 1;
        } catch (int v) {
            total += v;
        } catch (const Base& b) {
            total -= b.depth;
        }
    }
    std::printf("loop total %ld\n", total);
    CHECK(total == -1); // sum(i%3==0) - sum(i%3==1) + count(i%3==2)

    return check_done();
}
