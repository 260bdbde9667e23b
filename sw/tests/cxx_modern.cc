// Modern C++ (C++17) library and language features: variadic templates and
// fold expressions, CRTP, constexpr evaluation, std::array/tuple/optional/
// variant (with std::visit's jump tables), string_view, structured
// bindings, shared_ptr/weak_ptr reference counting (atomic ops in
// libstdc++) and std::function-free callbacks through templates.
#include "check.h"
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

namespace {

template <typename... Ts> constexpr auto sum(Ts... xs) {
    return (xs + ... + 0);
}
template <typename... Ts> constexpr bool all_positive(Ts... xs) {
    return ((xs > 0) && ...);
}

constexpr std::uint64_t fib(unsigned n) {
    std::uint64_t a = 0, b = 1;
    for (unsigned i = 0; i < n; ++i) {
        std::uint64_t t = a + b;
        a = b;
        b = t;
    }
    return a;
}

template <std::size_t... I> constexpr auto fib_table(std::index_sequence<I...>) {
    return std::array<std::uint64_t, sizeof...(I)>{fib(I)...};
}
constexpr auto kFibs = fib_table(std::make_index_sequence<90>{});
static_assert(kFibs[89] == 1779979416004714189ULL, "compile-time Fibonacci");

// CRTP: static polymorphism, no virtual calls.
template <typename Derived> struct Counter {
    int calls = 0;
    int run(int x) {
        ++calls;
        return static_cast<Derived*>(this)->step(x);
    }
};
struct Doubler : Counter<Doubler> {
    int step(int x) { return 2 * x; }
};
struct Squarer : Counter<Squarer> {
    int step(int x) { return static_cast<int>(static_cast<long long>(x) * x % 1000003); }
};

template <typename C> int drive(C& c, int x, int times) {
    for (int i = 0; i < times; ++i)
        x = c.run(x) % 1000003;
    return x;
}

using Value = std::variant<int, double, std::string, std::vector<int>>;

struct Describe {
    std::string operator()(int i) const { return "int:" + std::to_string(i); }
    std::string operator()(double d) const {
        char b[32];
        std::snprintf(b, sizeof b, "double:%.3f", d);
        return b;
    }
    std::string operator()(const std::string& s) const { return "string:" + s; }
    std::string operator()(const std::vector<int>& v) const {
        return "vector:" + std::to_string(std::accumulate(v.begin(), v.end(), 0));
    }
};

std::optional<int> parse_int(std::string_view s) {
    if (s.empty()) return std::nullopt;
    int v = 0;
    bool neg = s.front() == '-';
    if (neg) s.remove_prefix(1);
    if (s.empty()) return std::nullopt;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return neg ? -v : v;
}

struct Node {
    std::string name;
    std::vector<std::shared_ptr<Node>> children;
    std::weak_ptr<Node> parent;
    static int alive;
    explicit Node(std::string n) : name(std::move(n)) { ++alive; }
    ~Node() { --alive; }
};
int Node::alive = 0;

std::tuple<int, double, std::string> stats(const std::vector<int>& v) {
    int mx = *std::max_element(v.begin(), v.end());
    double mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    return {mx, mean, "n=" + std::to_string(v.size())};
}

} // namespace

int main() {
    static_assert(sum(1, 2, 3, 4) == 10 && all_positive(1, 2.5, 3L), "folds");
    std::printf("sum %d %.2f all_positive %d\n", sum(1, 2, 3), sum(0.5, 0.25, 1),
                all_positive(1, -1));
    std::printf("fib[50]=%llu fib[89]=%llu\n", static_cast<unsigned long long>(kFibs[50]),
                static_cast<unsigned long long>(kFibs[89]));

    Doubler d;
    Squarer s;
    int rd = drive(d, 3, 100), rs = drive(s, 3, 100);
    std::printf("crtp %d %d calls %d %d\n", rd, rs, d.calls, s.calls);
    CHECK(d.calls == 100 && s.calls == 100);

    std::vector<Value> values{42, 2.5, std::string("sparc"), std::vector<int>{1, 2, 3, 4}, -7};
    for (const auto& v : values)
        std::printf("%s (index %zu)\n", std::visit(Describe{}, v).c_str(), v.index());
    CHECK(std::get<int>(values[4]) == -7 && std::holds_alternative<std::string>(values[2]));
    try {
        (void)std::get<double>(values[0]);
        CHECK(false);
    } catch (const std::bad_variant_access&) {
        std::printf("bad_variant_access\n");
    }

    for (std::string_view sv : {"123", "-45", "", "-", "12a", "0"}) {
        auto r = parse_int(sv);
        std::printf("parse '%.*s' -> %s\n", static_cast<int>(sv.size()), sv.data(),
                    r ? std::to_string(*r).c_str() : "nullopt");
    }
    CHECK(parse_int("-45").value_or(0) == -45 && !parse_int("x1"));

    auto [mx, mean, label] = stats({4, 8, 15, 16, 23, 42});
    std::printf("stats max %d mean %.4f %s\n", mx, mean, label.c_str());
    CHECK(mx == 42 && label == "n=6");

    {
        auto root = std::make_shared<Node>("root");
        for (int i = 0; i < 3; ++i) {
            auto child = std::make_shared<Node>("child" + std::to_string(i));
            child->parent = root;
            for (int j = 0; j < 2; ++j) {
                auto leaf = std::make_shared<Node>("leaf" + std::to_string(i) + std::to_string(j));
                leaf->parent = child;
                child->children.push_back(leaf);
            }
            root->children.push_back(child);
        }
        auto leaf = root->children[1]->children[0];
        auto up = leaf->parent.lock();
        std::printf("nodes alive %d, leaf %s parent %s grandparent %s, use_count %ld\n",
                    Node::alive, leaf->name.c_str(), up->name.c_str(),
                    up->parent.lock()->name.c_str(), leaf.use_count());
        CHECK(Node::alive == 10 && leaf.use_count() == 2);
    }
    std::printf("nodes alive after scope %d\n", Node::alive);
    CHECK(Node::alive == 0);

    std::array<int, 16> arr{};
    std::iota(arr.begin(), arr.end(), -8);
    std::reverse(arr.begin(), arr.end());
    std::partition(arr.begin(), arr.end(), [](int x) { return x % 2 == 0; });
    auto evens = std::count_if(arr.begin(), arr.end(), [](int x) { return x % 2 == 0; });
    std::printf("array evens %ld first %d\n", static_cast<long>(evens), arr[0]);

    return check_done();
}
