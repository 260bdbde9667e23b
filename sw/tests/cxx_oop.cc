// More C++: multiple and virtual inheritance (this-adjusting thunks),
// dynamic_cast and typeid (RTTI), pointers to members, std::function and
// lambdas with captures, move semantics, operator overloading, static
// initialisation order, and the node-based/hashed containers.
#include "check.h"
#include <cstdio>
#include <deque>
#include <functional>
#include <list>
#include <queue>
#include <set>
#include <string>
#include <typeinfo>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

// Diamond with a virtual base: the Device part is shared.
struct Device {
    int id;
    explicit Device(int i) : id(i) {}
    virtual ~Device() = default;
    virtual std::string describe() const { return "device" + std::to_string(id); }
};
struct Reader : virtual Device {
    Reader() : Device(-1) {}
    virtual int read() { return id * 10; }
};
struct Writer : virtual Device {
    int written = 0;
    Writer() : Device(-2) {}
    virtual void write(int v) { written += v; }
};
struct Port final : Reader, Writer {
    explicit Port(int i) : Device(i) {}
    std::string describe() const override { return "port" + std::to_string(id); }
    int read() override { return id * 100 + written; }
};

// Plain multiple inheritance (no virtual base): pointer adjustment on casts.
struct A {
    long a = 1;
    virtual long fa() const { return a; }
    virtual ~A() = default;
};
struct B {
    long b = 2;
    virtual long fb() const { return b * 2; }
    virtual ~B() = default;
};
struct C : A, B {
    long c = 3;
    long fa() const override { return a + c; }
    long fb() const override { return b * c; }
};

struct Vec2 {
    double x, y;
    Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
    Vec2 operator*(double k) const { return {x * k, y * k}; }
    bool operator==(const Vec2& o) const { return x == o.x && y == o.y; }
};

// Counts copies and moves, to check that moves really happen.
struct Tracked {
    static int copies, moves;
    std::vector<int> data;
    explicit Tracked(int n) : data(n, n) {}
    Tracked(const Tracked& o) : data(o.data) { ++copies; }
    Tracked(Tracked&& o) noexcept : data(std::move(o.data)) { ++moves; }
    Tracked& operator=(const Tracked&) = default;
};
int Tracked::copies = 0;
int Tracked::moves = 0;

// Static initialisation runs before main, in definition order.
std::string init_log;
struct Init {
    explicit Init(const char* s) { init_log += s; }
};
Init first("1");
Init second("2");

// Hides the dynamic type from the optimiser so dynamic_cast runs at run time.
[[gnu::noinline]] Device* opaque(Device* d) {
    return d;
}

long apply_n(const std::function<long(long)>& f, int n, long x) {
    while (n--)
        x = f(x);
    return x;
}

} // namespace

int main() {
    CHECK(init_log == "12");

    // Virtual bases and cross-casts.
    Port p(7);
    Reader* r = &p;
    Writer* w = &p;
    Device* d = r;
    w->write(5);
    w->write(6);
    std::printf("%s read=%d\n", d->describe().c_str(), r->read());
    CHECK(r->read() == 711);
    CHECK(dynamic_cast<Writer*>(r) == w); // sideways cast through the most-derived object
    CHECK(dynamic_cast<Port*>(d) == &p);
    Device plain(3);
    CHECK(dynamic_cast<Reader*>(opaque(&plain)) == nullptr);
    try {
        (void)dynamic_cast<Reader&>(*opaque(&plain));
        CHECK(false);
    } catch (const std::bad_cast&) {
        std::printf("bad_cast caught\n");
    }
    std::printf("typeid equal: %d %d\n", typeid(*d) == typeid(Port), typeid(*d) == typeid(Device));

    C c;
    A* pa = &c;
    B* pb = &c;
    std::printf("fa=%ld fb=%ld adjusted=%d\n", pa->fa(), pb->fb(),
                static_cast<void*>(pb) != static_cast<void*>(pa));
    CHECK(pa->fa() == 4 && pb->fb() == 6);
    CHECK(static_cast<C*>(pb) == &c);

    // Pointers to members, data and (virtual) function.
    long A::*pm = &A::a;
    long (B::*pf)() const = &B::fb;
    std::printf("ptr-to-member: %ld %ld\n", c.*pm, (c.*pf)());
    CHECK((c.*pf)() == 6);

    // Lambdas and std::function.
    long base = 3;
    auto affine = [base](long x) { return x * base + 1; };
    std::function<long(long)> f = affine;
    long fx = apply_n(f, 10, 1);
    std::printf("affine^10(1) = %ld\n", fx);
    CHECK(fx == 88573);
    int counter = 0;
    std::function<void()> inc = [&counter] { ++counter; };
    for (int i = 0; i < 5; ++i)
        inc();
    std::function<long(long)> fact = [&fact](long n) { return n <= 1 ? 1 : n * fact(n - 1); };
    std::printf("counter=%d fact(15)=%ld\n", counter, fact(15));
    CHECK(counter == 5 && fact(15) == 1307674368000L);

    // Operator overloading.
    Vec2 v = (Vec2{1.5, -2} + Vec2{0.5, 4}) * 2.5;
    std::printf("vec %.3f %.3f\n", v.x, v.y);
    CHECK(v == (Vec2{5, 5}));

    // Move semantics.
    std::vector<Tracked> vt;
    vt.reserve(4);
    Tracked t(100);
    vt.push_back(t);
    vt.push_back(std::move(t));
    vt.emplace_back(3);
    std::printf("copies=%d moves=%d moved-from size=%zu\n", Tracked::copies, Tracked::moves,
                t.data.size());
    CHECK(Tracked::copies == 1 && Tracked::moves == 1 && t.data.empty());

    // Containers.
    std::unordered_map<std::string, int> um;
    for (int i = 0; i < 500; ++i)
        um["k" + std::to_string(i % 137)] += i;
    long umsum = 0;
    for (const auto& kv : um)
        umsum += kv.second * static_cast<long>(kv.first.size());
    std::printf("unordered_map size=%zu weighted=%ld k5=%d\n", um.size(), umsum, um["k5"]);
    CHECK(um.size() == 137);

    std::set<int> primes;
    for (int n = 2; n < 200; ++n)
        primes.insert(n);
    for (int n = 2; n < 15; ++n)
        for (int m = n * n; m < 200; m += n)
            primes.erase(m);
    std::printf("primes<200: %zu, last %d\n", primes.size(), *primes.rbegin());
    CHECK(primes.size() == 46);

    std::deque<int> dq;
    for (int i = 0; i < 300; ++i)
        (i % 2 ? dq.push_front(i) : dq.push_back(i));
    std::printf("deque front=%d back=%d [150]=%d\n", dq.front(), dq.back(), dq[150]);

    std::list<int> lst{9, 3, 7, 1, 8, 2};
    lst.sort();
    lst.reverse();
    lst.remove_if([](int x) { return x % 3 == 0; });
    std::string ls;
    for (int x : lst)
        ls += std::to_string(x);
    std::printf("list %s\n", ls.c_str());
    CHECK(ls == "8721");

    std::priority_queue<std::pair<int, int>> pq;
    for (int i = 0; i < 20; ++i)
        pq.emplace((i * 37) % 23, i);
    std::string order;
    while (!pq.empty()) {
        order += std::to_string(pq.top().second) + ' ';
        pq.pop();
    }
    std::printf("pq order %s\n", order.c_str());

    return check_done();
}
