#include "core/config/machine_file.h"

#include "core/config/name_patterns.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

namespace fireplane {

const Setting* Body::find(const std::string& key) const {
    for (const Setting& s : settings)
        if (s.key == key) return &s;
    return nullptr;
}

void Body::erase(const std::string& key) {
    settings.erase(std::remove_if(settings.begin(), settings.end(),
                                  [&](const Setting& s) { return s.key == key; }),
                   settings.end());
}

void Body::merge(const Body& over) {
    for (const Setting& s : over.settings) {
        auto it = std::find_if(settings.begin(), settings.end(),
                               [&](const Setting& mine) { return mine.key == s.key; });
        if (it != settings.end())
            *it = s;
        else
            settings.push_back(s);
    }
}

const Body* BodyList::find(const std::string& name) const {
    for (const auto& [n, body] : items)
        if (n == name) return &body;
    return nullptr;
}

void BodyList::merge(const std::string& name, const Body& body) {
    for (auto& [n, mine] : items)
        if (n == name) return mine.merge(body);
    items.emplace_back(name, body);
}

std::vector<std::string> BodyList::names() const {
    std::vector<std::string> names;
    for (const auto& item : items)
        names.push_back(item.first);
    return names;
}

namespace {
namespace fs = std::filesystem;

const char* const kTopLevelKeys = "description, inherit, simulation, templates, components";

// Reads the sections of one YAML file; each error names the node's position.
class FileReader {
public:
    explicit FileReader(std::string file) : file_(std::move(file)) {}

    Location at(const YAML::Node& node) const {
        const YAML::Mark m = node.Mark();
        if (m.is_null()) return Location{file_};
        return Location{file_, m.line + 1, m.column + 1};
    }

    [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
        throw ConfigError(at(node), message);
    }

    std::string key_text(const YAML::Node& key) const {
        if (!key.IsScalar() || key.Scalar().empty()) fail(key, "expected a plain name as key");
        return key.Scalar();
    }

    // `name` is the key as the user thinks of it, e.g. "dcache.size".
    std::string scalar(const YAML::Node& key, const YAML::Node& value,
                       const std::string& name) const {
        if (value.IsNull()) fail(key, "'" + name + "' has no value");
        if (!value.IsScalar()) fail(value, "'" + name + "' must be a single value");
        return value.Scalar();
    }

    // A component, template or the simulation section: a map of settings.
    Body body(const YAML::Node& key, const YAML::Node& value) const {
        Body body;
        body.where = at(key);
        if (value.IsNull()) return body;
        if (!value.IsMap()) fail(value, "'" + key.Scalar() + "' must be a map of parameters");
        flatten(value, "", body);
        return body;
    }

    BodyList templates(const YAML::Node& section) const {
        BodyList list;
        for (const auto& kv : checked_map(section)) {
            std::string name = key_text(kv.first);
            if (!valid_name(name)) fail(kv.first, "bad template name '" + name + "'");
            if (list.find(name)) fail(kv.first, "duplicate template '" + name + "'");
            list.merge(name, body(kv.first, kv.second));
        }
        return list;
    }

    // Range keys expand here; a name given again (by a later key or range)
    // merges over the earlier entries, so "cpu0" can refine "cpu[0..11]".
    BodyList components(const YAML::Node& section) const {
        BodyList list;
        std::set<std::string> keys;
        for (const auto& kv : checked_map(section)) {
            std::string key = key_text(kv.first);
            if (!keys.insert(key).second) fail(kv.first, "duplicate component '" + key + "'");
            std::vector<std::string> names;
            try {
                names = expand_range(key);
            } catch (const std::invalid_argument& e) {
                fail(kv.first, "bad component key '" + key + "': " + e.what());
            }
            for (const std::string& name : names) {
                if (!valid_name(name))
                    fail(kv.first, "bad component name '" + name +
                                       "': use letters, digits, '_' and '-' (no dots)");
                if (name == "simulation") fail(kv.first, "'simulation' is a reserved name");
            }
            Body b = body(kv.first, kv.second);
            for (const std::string& name : names)
                list.merge(name, b);
        }
        return list;
    }

private:
    const YAML::Node& checked_map(const YAML::Node& section) const {
        if (!section.IsMap() && !section.IsNull()) fail(section, "expected a map of names");
        return section;
    }

    void flatten(const YAML::Node& map, const std::string& prefix, Body& body) const {
        for (const auto& kv : map) {
            std::string name = prefix + key_text(kv.first);
            if (kv.second.IsMap()) {
                flatten(kv.second, name + ".", body);
                continue;
            }
            if (const Setting* first = body.find(name))
                fail(kv.first,
                     "duplicate key '" + name + "' (first at " + first->key_at.str() + ")");
            body.settings.push_back(
                {name, scalar(kv.first, kv.second, name), at(kv.first), at(kv.second)});
        }
    }

    std::string file_;
};

std::string read_text(const std::string& path, const Location& blame) {
    std::string what = blame.file == path ? "cannot read file" : "cannot read '" + path + "'";
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw ConfigError(blame, what + ": is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ConfigError(blame, what + ": " + std::strerror(errno));
    // Pipes and devices are read too (`-c /dev/stdin`), but a stream that
    // never ends (`inherit: /dev/zero`) must not take the host's memory.
    constexpr size_t kMaxBytes = size_t(16) << 20;
    std::string text;
    char chunk[65536];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, size_t(in.gcount()));
        if (text.size() > kMaxBytes) throw ConfigError(blame, what + ": larger than 16 MiB");
    }
    return text;
}

YAML::Node parse_yaml(const std::string& path, const std::string& text) {
    try {
        return YAML::Load(text);
    } catch (const YAML::Exception& e) {
        Location where{path};
        if (!e.mark.is_null()) where = Location{path, e.mark.line + 1, e.mark.column + 1};
        throw ConfigError(where, "YAML syntax error: " + e.msg);
    }
}

MachineFile read_file(const std::string& path, const Location& blame,
                      std::vector<fs::path>& chain) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(path, ec);
    if (std::find(chain.begin(), chain.end(), canonical) != chain.end())
        throw ConfigError(blame, "inheritance cycle through '" + path + "'");
    YAML::Node root = parse_yaml(path, read_text(path, blame));
    FileReader reader(path);
    if (!root.IsMap())
        throw ConfigError(root.IsNull() ? Location{path} : reader.at(root),
                          std::string("expected a map with the keys ") + kTopLevelKeys);

    // The inherited file comes first whatever the key order: this file overrides it.
    MachineFile machine;
    chain.push_back(canonical);
    for (const auto& kv : root) {
        if (kv.first.IsScalar() && kv.first.Scalar() == "inherit") {
            fs::path base = reader.scalar(kv.first, kv.second, "inherit");
            if (base.is_relative()) base = (fs::path(path).parent_path() / base).lexically_normal();
            machine = read_file(base.string(), reader.at(kv.second), chain);
        }
    }
    chain.pop_back();

    std::set<std::string> seen;
    for (const auto& kv : root) {
        std::string key = reader.key_text(kv.first);
        if (!seen.insert(key).second) reader.fail(kv.first, "duplicate key '" + key + "'");
        if (key == "inherit") continue;
        if (key == "description") {
            machine.description = reader.scalar(kv.first, kv.second, "description");
        } else if (key == "simulation") {
            Body body = reader.body(kv.first, kv.second);
            if (machine.simulation.where.file.empty()) machine.simulation.where = body.where;
            machine.simulation.merge(body);
        } else if (key == "templates") {
            for (const auto& [name, body] : reader.templates(kv.second).items)
                machine.templates.merge(name, body);
        } else if (key == "components") {
            for (const auto& [name, body] : reader.components(kv.second).items)
                machine.components.merge(name, body);
        } else {
            reader.fail(kv.first,
                        "unknown top-level key '" + key + "' (expected " + kTopLevelKeys + ")");
        }
    }
    return machine;
}

} // namespace

MachineFile read_machine_file(const std::string& path) {
    std::vector<fs::path> chain;
    return read_file(path, Location{path}, chain);
}

} // namespace fireplane
