#pragma once
// For the models' factory tests: the Params a YAML file would give a
// component of `type`, its defaults then the given overrides.
#include "core/factory/model_factory.h"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

namespace fireplane::testing {

inline Params params_for(const ModelType& type, const std::string& instance,
                         const std::vector<std::pair<std::string, std::string>>& overrides) {
    Params p(instance);
    for (const ParamSpec& spec : type.params)
        if (!spec.required()) p.set(spec, spec.default_value, Location{"<default>", 0, 0});
    for (const auto& [name, text] : overrides) {
        const ParamSpec* spec = type.param(name);
        REQUIRE(spec != nullptr);
        p.set(*spec, text, Location{"test.yaml", 1, 1});
    }
    return p;
}

} // namespace fireplane::testing
