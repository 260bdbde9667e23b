// --dump-config: the resolved machine as a machine file that loads back to
// the same configuration, with every parameter explained.
#include "core/config/machine_config.h"
#include "core/config/overrides.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace fireplane {
namespace {

// YYYY-M-D at the start: a YAML 1.1 reader (PyYAML) takes such text for a
// timestamp (an epoch such as 2026-01-01T00:00:00), not a string.
bool looks_like_date(const std::string& s) {
    size_t i = 0;
    const auto digits = [&](size_t min, size_t max) {
        size_t n = 0;
        while (i < s.size() && n < max && s[i] >= '0' && s[i] <= '9')
            ++i, ++n;
        return n >= min;
    };
    const auto dash = [&] { return i < s.size() && s[i++] == '-'; };
    return digits(4, 4) && dash() && digits(1, 2) && dash() && digits(1, 2);
}

// Plain YAML scalars are kept to a conservative character set; anything else
// is double-quoted so that it reads back as exactly the same text.
bool plain_is_safe(const std::string& s) {
    if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL" || s == "-")
        return false;
    if (looks_like_date(s)) return false;
    // YAML 1.1 readers take digits with colons as a base-60 number (a MAC
    // address, 52:54:00:12:34:56, would read back as an integer).
    if (s.front() >= '0' && s.front() <= '9' && s.find(':') != std::string::npos) return false;
    if (s.front() == ' ' || s.back() == ' ' || s.back() == ':') return false;
    if (std::string("-?:,[]{}#&*!|>'\"%@`").find(s.front()) != std::string::npos) return false;
    if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos) return false;
    for (char c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
    return true;
}

std::string yaml_scalar(const std::string& s) {
    if (plain_is_safe(s)) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            // \uXXXX: an escape YAML and JSON read alike (tools parse dumps as JSON strings).
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

struct Line {
    std::string text;
    std::string comment;
};

// Dotted parameter names nested back into maps, in declaration order.
struct Group {
    std::string key;
    const Params::Value* value = nullptr;
    std::vector<Group> children;
};

Group group_params(const ComponentConfig& c, const ModelType* type) {
    Group root;
    if (!type) return root;
    for (const ParamSpec& spec : type->params) {
        auto it = c.params.values().find(spec.name);
        if (it == c.params.values().end()) continue;
        Group* g = &root;
        for (size_t start = 0;;) {
            size_t dot = spec.name.find('.', start);
            std::string key = spec.name.substr(start, dot - start);
            Group* child = nullptr;
            for (Group& existing : g->children)
                if (existing.key == key) child = &existing;
            if (!child) {
                g->children.push_back(Group{key, nullptr, {}});
                child = &g->children.back();
            }
            g = child;
            if (dot == std::string::npos) break;
            start = dot + 1;
        }
        g->value = &it->second;
    }
    return root;
}

std::string origin_note(const Params::Value& v, const MachineConfig& machine) {
    if (v.where.file == kDefaultOrigin) return "(default)";
    size_t index = size_t(v.where.line);
    if (v.where.file == kCommandLine && index >= 1 && index <= machine.overrides.size())
        return "(--set " + machine.overrides[index - 1] + ")";
    return "";
}

void add_lines(const Group& group, int indent, const MachineConfig& machine,
               std::vector<Line>& lines) {
    std::string pad(indent, ' ');
    for (const Group& g : group.children) {
        if (!g.value) {
            lines.push_back({pad + g.key + ":", ""});
            add_lines(g, indent + 2, machine, lines);
            continue;
        }
        const ParamSpec& spec = *g.value->spec;
        std::string comment = spec.description;
        if (spec.kind == ParamKind::Enum) {
            std::string choices;
            for (const std::string& c : spec.choices)
                choices += (choices.empty() ? "" : "|") + c;
            comment += (comment.empty() ? "[" : " [") + choices + "]";
        }
        std::string note = origin_note(*g.value, machine);
        if (!note.empty()) comment += (comment.empty() ? "" : " ") + note;
        lines.push_back({pad + g.key + ": " + yaml_scalar(g.value->text), comment});
    }
}

// Aligns the comments of one block so that the values stand out.
void write_lines(const std::vector<Line>& lines, std::ostream& out) {
    size_t column = 0;
    for (const Line& l : lines)
        column = std::max(column, l.text.size());
    for (const Line& l : lines) {
        out << l.text;
        if (!l.comment.empty())
            out << std::string(column - l.text.size() + 2, ' ') << "# " << l.comment;
        out << "\n";
    }
}

} // namespace

void dump_config(const MachineConfig& machine, const ModelFactory& factory, std::ostream& out) {
    out << "# " << machine.file << ", fully resolved. Each comment describes its parameter;\n"
        << "# \"(default)\" marks values the configuration did not set.\n";
    if (!machine.description.empty())
        out << "description: " << yaml_scalar(machine.description) << "\n";

    std::vector<Line> lines;
    add_lines(group_params(machine.simulation, factory.find("simulation")), 2, machine, lines);
    out << (lines.empty() ? "simulation: {}\n" : "simulation:\n");
    write_lines(lines, out);

    out << (machine.components.empty() ? "components: {}\n" : "components:\n");
    for (const ComponentConfig& c : machine.components) {
        const ModelType* type = factory.find(c.type);
        lines.clear();
        lines.push_back({"    type: " + yaml_scalar(c.type), type ? type->description : ""});
        add_lines(group_params(c, type), 4, machine, lines);
        out << "  " << c.name << ":\n";
        write_lines(lines, out);
    }
}

} // namespace fireplane
