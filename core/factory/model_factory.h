#pragma once
// The model factory: every model family registers its `type:` names with
// their parameters and one-line descriptions. The platform builder creates
// components from YAML through it; `fireplane list-models` lists it.
#include "core/factory/params.h"

#include <systemc>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace fireplane {

struct ModelType {
    std::string type;        // YAML `type:` name, e.g. "ram"
    std::string description; // one line
    std::vector<ParamSpec> params;
    std::function<std::unique_ptr<sc_core::sc_module>(const char* name, const Params&)> create;

    const ParamSpec* param(const std::string& name) const; // nullptr if not declared
};

class ModelFactory {
public:
    // Registration is explicit (each family has a register_*_models(ModelFactory&)
    // function): static-initialiser registration is silently dropped by the linker
    // for static libraries.
    // SC_REPORT_FATAL on a duplicate name, a duplicate parameter, or a default
    // value that does not fit its kind (all bugs in the registering model).
    void add(ModelType type);
    const ModelType* find(const std::string& type) const;
    std::vector<const ModelType*> list() const; // sorted by type name

private:
    // A map so that pointers handed out (ModelType*, and the ParamSpec* kept in
    // Params) stay valid when more types are added.
    std::map<std::string, ModelType> types_;
};

} // namespace fireplane
