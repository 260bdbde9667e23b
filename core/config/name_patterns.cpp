#include "core/config/name_patterns.h"

#include <algorithm>
#include <stdexcept>

namespace fireplane {
namespace {

bool is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Ranges are for a board's worth of parts, not for typos such as cpu[0..1000000].
constexpr unsigned long kMaxRange = 4096;

size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

} // namespace

bool valid_name(std::string_view name) {
    if (name.empty() || !is_alpha(name.front())) return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return is_alpha(c) || is_digit(c) || c == '-'; });
}

std::vector<std::string> expand_range(const std::string& key) {
    size_t open = key.find('[');
    if (open == std::string::npos) return {key};
    size_t close = key.find(']', open);
    size_t dots = key.find("..", open);
    auto all_digits = [](std::string_view s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
    };
    if (close == std::string::npos || dots == std::string::npos || dots > close ||
        key.find('[', open + 1) != std::string::npos)
        throw std::invalid_argument("expected one range such as 'cpu[0..11]'");
    std::string first = key.substr(open + 1, dots - open - 1);
    std::string last = key.substr(dots + 2, close - dots - 2);
    if (!all_digits(first) || !all_digits(last) || first.size() > 9 || last.size() > 9)
        throw std::invalid_argument("range bounds must be numbers, as in 'cpu[0..11]'");
    unsigned long lo = std::stoul(first), hi = std::stoul(last);
    if (lo > hi) throw std::invalid_argument("range " + first + ".." + last + " is empty");
    if (hi - lo >= kMaxRange)
        throw std::invalid_argument("range has more than " + std::to_string(kMaxRange) + " names");
    size_t width = first.size() > 1 && first.front() == '0' ? first.size() : 0;
    std::vector<std::string> names;
    for (unsigned long i = lo; i <= hi; ++i) {
        std::string digits = std::to_string(i);
        if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
        names.push_back(key.substr(0, open) + digits + key.substr(close + 1));
    }
    return names;
}

bool glob_match(std::string_view pattern, std::string_view name) {
    // Greedy match with one backtrack point: the last '*' seen.
    size_t p = 0, n = 0, star = std::string_view::npos, resume = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++p;
            ++n;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
    const std::string* best = nullptr;
    size_t best_distance = std::max<size_t>(1, word.size() / 3) + 1;
    for (const std::string& c : candidates) {
        size_t d = edit_distance(word, c);
        if (d < best_distance) {
            best = &c;
            best_distance = d;
        }
    }
    return best ? " (did you mean '" + *best + "'?)" : "";
}

} // namespace fireplane
