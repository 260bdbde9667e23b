#pragma once
// The model factory: every model family registers its `type:` names with
// their parameters and one-line descriptions. The platform builder creates
// components from YAML through it; `fireplane list-models` lists it.
#include "factory/params.h"

#include <systemc>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fireplane {

struct ModelType {
    std::string type;        // YAML `type:` name, e.g. "ram"
    std::string description; // one line
    std::vector<ParamSpec> params;
    std::function<std::unique_ptr<sc_core::sc_module>(const char* name, const Params&)> create;
};

class ModelFactory {
public:
    // Registration is explicit (each family has a register_*_models(ModelFactory&)
    // function): static-initialiser registration is silently dropped by the linker
    // for static libraries.
    void add(ModelType type); // SC_REPORT_FATAL on a duplicate name
    const ModelType* find(const std::string& type) const;
    std::vector<const ModelType*> list() const; // sorted by type name

private:
    std::vector<ModelType> types_;
};

} // namespace fireplane
