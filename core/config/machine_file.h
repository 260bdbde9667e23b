#pragma once
// A machine file as written: its sections after following `inherit:` of files
// and expanding range keys, but before templates are applied and values are
// checked. yaml-cpp loses source marks on nodes it did not parse, so every
// value keeps its own Location here instead of living in YAML nodes.
#include "core/config/location.h"

#include <string>
#include <utility>
#include <vector>

namespace fireplane {

// One `key: value` of a body; nested maps are flattened to dotted keys.
struct Setting {
    std::string key; // "dcache.size", or "type" / "inherit"
    std::string value;
    Location key_at;
    Location value_at;
};

// The settings of one component, template or the simulation section, in file order.
struct Body {
    Location where; // of the name key (or the section key)
    std::vector<Setting> settings;

    const Setting* find(const std::string& key) const;
    void erase(const std::string& key);
    // Deep merge: `over`'s settings replace same-named ones in place; new ones are appended.
    void merge(const Body& over);
};

// Named bodies in first-appearance order.
struct BodyList {
    std::vector<std::pair<std::string, Body>> items;

    const Body* find(const std::string& name) const;
    // Merges into the body of that name, or appends a new one.
    void merge(const std::string& name, const Body& body);
    std::vector<std::string> names() const;
};

struct MachineFile {
    std::string description;
    Body simulation;
    BodyList templates;
    BodyList components;
};

// Reads `path` and, first, the files it inherits. Throws ConfigError.
MachineFile read_machine_file(const std::string& path);

} // namespace fireplane
