// C++ standard library workout: virtual dispatch through a shape hierarchy,
// function and class templates, std::string, std::vector, std::map, std::sort
// and iostream formatting. libstdc++ pulls in locale setup, static
// constructors and operator new, all of which the ISS has to get right.
#include "lcg.h"
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

namespace {

int failures = 0;
void check(bool ok, const char* what) {
    if (!ok) {
        ++failures;
        std::cout << "FAIL " << what << '\n';
    }
}

class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
    virtual std::string name() const { return "shape"; }
    virtual int sides() const { return 0; }
};

class Rect : public Shape {
public:
    Rect(double w, double h) : w_(w), h_(h) {}
    double area() const override { return w_ * h_; }
    std::string name() const override { return "rect"; }
    int sides() const override { return 4; }

protected:
    double w_, h_;
};

class Square final : public Rect {
public:
    explicit Square(double s) : Rect(s, s) {}
    std::string name() const override { return "square"; }
};

class Circle : public Shape {
public:
    explicit Circle(double r) : r_(r) {}
    double area() const override { return 3.14159265358979 * r_ * r_; }
    std::string name() const override { return "circle"; }

private:
    double r_;
};

class Triangle : public Shape {
public:
    Triangle(double b, double h) : b_(b), h_(h) {}
    double area() const override { return 0.5 * b_ * h_; }
    int sides() const override { return 3; } // keeps Shape::name
private:
    double b_, h_;
};

// A small fixed-capacity stack template, instantiated for several types.
template <typename T, std::size_t N> class Stack {
public:
    bool push(const T& v) {
        if (n_ == N) return false;
        data_[n_++] = v;
        return true;
    }
    T pop() { return data_[--n_]; }
    std::size_t size() const { return n_; }

private:
    T data_[N]{};
    std::size_t n_ = 0;
};

template <typename It, typename F>
auto fold(It first, It last, F f) -> decltype(f(*first, *first)) {
    auto acc = *first++;
    for (; first != last; ++first)
        acc = f(acc, *first);
    return acc;
}

// Compile-time recursion through templates.
template <unsigned N> struct Factorial {
    static constexpr std::uint64_t value = N * Factorial<N - 1>::value;
};
template <> struct Factorial<0> { static constexpr std::uint64_t value = 1; };

template <typename T> std::string join(const std::vector<T>& v, const std::string& sep) {
    std::ostringstream os;
    for (std::size_t i = 0; i < v.size(); ++i)
        os << (i ? sep : "") << v[i];
    return os.str();
}

} // namespace

int main() {
    // Virtual dispatch.
    std::vector<std::unique_ptr<Shape>> shapes;
    for (int i = 1; i <= 8; ++i) {
        switch (i % 4) {
        case 0: shapes.push_back(std::make_unique<Rect>(i, i + 1)); break;
        case 1: shapes.push_back(std::make_unique<Square>(i)); break;
        case 2: shapes.push_back(std::make_unique<Circle>(i * 0.5)); break;
        default: shapes.push_back(std::make_unique<Triangle>(i, 2 * i)); break;
        }
    }
    double total = 0;
    std::cout << std::fixed << std::setprecision(4);
    for (const auto& s : shapes) {
        std::cout << std::setw(8) << s->name() << " sides=" << s->sides() << " area=" << s->area()
                  << '\n';
        total += s->area();
    }
    std::cout << "total area " << total << '\n';
    std::stable_sort(shapes.begin(), shapes.end(),
                     [](const auto& a, const auto& b) { return a->area() < b->area(); });
    std::cout << "by area:";
    for (const auto& s : shapes)
        std::cout << ' ' << s->name();
    std::cout << '\n';

    // Templates.
    Stack<int, 4> si;
    Stack<std::string, 3> ss;
    for (int i = 0; i < 6; ++i)
        si.push(i * i);
    ss.push("alpha");
    ss.push("beta");
    check(si.size() == 4 && si.pop() == 9, "Stack<int>");
    check(ss.pop() == "beta", "Stack<string>");
    static_assert(Factorial<20>::value == 2432902008176640000ULL, "factorial");
    std::cout << "20! = " << Factorial<20>::value << '\n';

    // std::string.
    std::string s = "The quick brown fox jumps over the lazy dog";
    std::string upper = s;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    std::cout << upper << '\n';
    check(s.find("fox") == 16 && s.rfind('o') == 41, "string find");
    std::string built;
    for (int i = 0; i < 200; ++i)
        built += std::to_string(i % 10);
    check(built.size() == 200 && built.substr(195) == "56789", "string append");
    s.replace(4, 5, "slow");
    s.insert(0, ">> ");
    std::cout << s << " (" << s.size() << ")\n";
    std::vector<std::string> words;
    std::istringstream in("delta alpha charlie bravo echo alpha");
    for (std::string w; in >> w;)
        words.push_back(w);
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    std::cout << join(words, ",") << '\n';
    check(join(words, ",") == "alpha,bravo,charlie,delta,echo", "sort/unique strings");

    // std::vector and algorithms.
    std::vector<long> v(1000);
    std::uint64_t seed = 12345;
    for (auto& x : v) {
        x = static_cast<long>(lcg_step(&seed) >> 40) - 8000000;
    }
    std::vector<long> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    check(std::is_sorted(sorted.begin(), sorted.end()), "sorted");
    long sum = std::accumulate(v.begin(), v.end(), 0L);
    check(sum == std::accumulate(sorted.begin(), sorted.end(), 0L), "sum invariant");
    std::cout << "min " << sorted.front() << " max " << sorted.back() << " median " << sorted[500]
              << " sum " << sum << '\n';
    std::nth_element(v.begin(), v.begin() + 250, v.end());
    check(v[250] == sorted[250], "nth_element");
    auto it = std::lower_bound(sorted.begin(), sorted.end(), 0L);
    std::cout << "negatives " << (it - sorted.begin()) << '\n';
    std::cout << "fold max "
              << fold(sorted.begin(), sorted.end(), [](long a, long b) { return std::max(a, b); })
              << '\n';
    std::vector<int> perm{1, 2, 3, 4};
    int nperm = 0;
    do
        ++nperm;
    while (std::next_permutation(perm.begin(), perm.end()));
    check(nperm == 24, "permutations");

    // std::map: word frequencies and ordered iteration.
    std::map<std::string, int> freq;
    const char* text = "a b c a b a d e f a c c b a";
    std::istringstream tin(text);
    for (std::string w; tin >> w;)
        ++freq[w];
    for (const auto& [word, n] : freq)
        std::cout << word << '=' << n << ' ';
    std::cout << '\n';
    check(freq["a"] == 5 && freq.size() == 6, "map counts");
    std::map<int, std::string, std::greater<int>> rev;
    for (int i = 0; i < 10; ++i)
        rev.emplace(i * 7 % 10, std::string(i, '*'));
    std::cout << "first key " << rev.begin()->first << " '" << rev.begin()->second << "'\n";
    rev.erase(rev.find(5), rev.end());
    check(rev.size() == 4, "map erase range");

    // iostream formatting.
    std::cout << std::hex << std::showbase << 255 << ' ' << std::oct << 8 << std::dec
              << std::noshowbase << ' ' << std::setfill('0') << std::setw(6) << 42
              << std::setfill(' ') << '\n';
    std::cout << std::scientific << std::setprecision(3) << 12345.678 << ' ' << std::defaultfloat
              << 0.1 + 0.2 << ' ' << std::setprecision(17) << 0.1 + 0.2 << '\n';
    std::cout << std::boolalpha << true << ' ' << std::left << std::setw(6) << "ab" << '|'
              << std::right << std::setw(6) << "cd" << '|' << '\n';
    std::cerr << "stderr line from cxx_stl\n";

    std::cout << (failures ? "checks FAILED" : "all checks passed") << std::endl;
    return failures ? 1 : 0;
}
