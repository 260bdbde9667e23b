// The registry's two output formats: JSON for tools, text for people.
#include "core/stats/stats.h"
#include "core/text/json_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <ostream>

namespace fireplane {

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

namespace {

// Counters print exactly; whole formula values print without ".0"; others
// print with the shortest text that reads back to the same double.
std::string number(const StatsRegistry::Entry& e) {
    if (e.counter && e.baseline == 0 && !e.frozen) return std::to_string(*e.counter);
    double v = e.value(); // relative to the last reset(), or frozen
    if (!std::isfinite(v)) return "null";
    if (v == std::trunc(v) && std::fabs(v) < 9007199254740992.0)
        return std::to_string(static_cast<long long>(v));
    char buf[32];
    auto result = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, result.ptr);
}

struct Tree {
    const StatsRegistry::Entry* leaf = nullptr;
    std::map<std::string, Tree> children;
};

void write_tree(std::ostream& out, const Tree& tree, int depth) {
    if (tree.leaf) {
        out << "{\"value\": " << number(*tree.leaf)
            << ", \"unit\": " << json_string(tree.leaf->unit)
            << ", \"desc\": " << json_string(tree.leaf->description) << "}";
        return;
    }
    if (tree.children.empty()) {
        out << "{}";
        return;
    }
    std::string indent(2 * (depth + 1), ' ');
    out << "{\n";
    size_t i = 0;
    for (const auto& [key, child] : tree.children) {
        out << indent << json_string(key) << ": ";
        write_tree(out, child, depth + 1);
        out << (++i < tree.children.size() ? ",\n" : "\n");
    }
    out << std::string(2 * depth, ' ') << "}";
}

} // namespace

void StatsRegistry::write_json(std::ostream& out) const {
    Tree root;
    for (const Entry& e : entries()) {
        Tree* node = &root;
        size_t start = 0;
        for (size_t dot = e.name.find('.');; dot = e.name.find('.', start)) {
            node = &node->children[e.name.substr(start, dot - start)];
            if (dot == std::string::npos) break;
            start = dot + 1;
        }
        node->leaf = &e;
    }
    write_tree(out, root, 0);
    out << "\n";
}

void StatsRegistry::write_text(std::ostream& out) const {
    std::vector<std::string> values; // each formula evaluated once
    size_t name_width = 0, value_width = 0, unit_width = 0;
    for (const Entry& e : entries()) {
        values.push_back(number(e));
        name_width = std::max(name_width, e.name.size());
        value_width = std::max(value_width, values.back().size());
        unit_width = std::max(unit_width, e.unit.size());
    }
    size_t i = 0;
    for (const Entry& e : entries()) {
        const std::string& value = values[i++];
        out << e.name << std::string(name_width - e.name.size() + 2, ' ')
            << std::string(value_width - value.size(), ' ') << value;
        if (!e.description.empty())
            out << ' ' << e.unit << std::string(unit_width - e.unit.size(), ' ') << "  # "
                << e.description;
        else if (!e.unit.empty())
            out << ' ' << e.unit;
        out << "\n";
    }
}

} // namespace fireplane
