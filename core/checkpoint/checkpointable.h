#pragma once
// What a model does to be saved in a checkpoint and restored from one, and
// the registry that lists every such model of a machine by its section name.
//
// A model registers itself (usually in its constructor, as it registers its
// statistics) under the path that names it, "cpu0.core" or "os.threads",
// with the version of its section format. Restoring runs every model's
// checkpoint(StateIo&) in registration order, then every restored(): a model
// re-arms its SystemC events there, from deadlines it kept as data.
//
// Optional sections hold timing state (caches, predictors): a checkpoint
// restores without them, and a model whose shape changed (another E$ size)
// starts cold instead of failing.
#include "core/registry/scoped_current.h"
#include "state_io.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace fireplane {

class Checkpointable {
public:
    virtual ~Checkpointable() = default;
    // Saves or restores the model's state (StateIo::saving() tells which).
    virtual void checkpoint(StateIo& io) = 0;
    // After every section was restored: derived state, events to re-arm.
    virtual void restored() {}
    // Saving: a reason the model cannot be saved now ("" when it can), e.g.
    // a thread inside a call that keeps host state. The checkpoint is taken
    // at the first instruction boundary where no model objects.
    virtual std::string not_quiescent() const { return {}; }
    // Optional sections only: a text that must match between the checkpoint
    // and the machine restoring it (the geometry); otherwise the model stays cold.
    virtual std::string shape() const { return {}; }
    // True when restoring sets every field the model keeps (its vectors can
    // keep their storage): such a section is restored in place, storing only
    // the values that differ. Live points restore point after point into one
    // machine, and consecutive points' caches differ in a few lines.
    virtual bool plain_data() const { return false; }
    // Before a machine that has run is restored again (live points measure
    // point after point in one process): the model, quiescent, drops every
    // SystemC event it has scheduled and whatever it keeps on the host side
    // only, so that the restore leaves it as it leaves a model just built.
    virtual void unschedule() {}
};

class CheckpointRegistry {
public:
    enum class Kind { Required, Optional };
    struct Section {
        std::string name;
        unsigned version;
        Kind kind;
        Checkpointable* model;
    };

    // The registry models register with now: a Session's while it builds
    // its machine (Scope), else one for the whole process.
    static CheckpointRegistry& current() { return ScopedCurrent<CheckpointRegistry>::get(); }
    using Scope = ScopedCurrent<CheckpointRegistry>::Scope;

    // A second section of the same name is a model bug (fatal).
    void add(std::string name, unsigned version, Checkpointable& model, Kind kind = Kind::Required);
    void remove(const Checkpointable& model);
    const std::vector<Section>& sections() const { return sections_; }
    const Section* find(const std::string& name) const;
    // True while a machine is being restored, from its first process to the
    // sections read: a model that arms events when the simulation starts
    // leaves them to restored() then.
    bool restoring() const { return restoring_; }
    void set_restoring(bool restoring) { restoring_ = restoring; }

private:
    std::vector<Section> sections_; // in registration order
    // Name to position in sections_: a machine of hundreds of CPUs has
    // thousands of sections. Models leave in the reverse of their arrival, so
    // removing from the end keeps the positions of the rest.
    std::unordered_map<std::string, size_t> index_;
    bool restoring_ = false;
};

// Registers a model for its lifetime (a member, like StatsGroup).
class CheckpointSection {
public:
    CheckpointSection(std::string name, unsigned version, Checkpointable& model,
                      CheckpointRegistry::Kind kind = CheckpointRegistry::Kind::Required,
                      CheckpointRegistry& registry = CheckpointRegistry::current())
        : registry_(registry), model_(model) {
        registry_.add(std::move(name), version, model, kind);
    }
    ~CheckpointSection() { registry_.remove(model_); }
    bool restoring() const { return registry_.restoring(); }
    CheckpointSection(const CheckpointSection&) = delete;
    CheckpointSection& operator=(const CheckpointSection&) = delete;

private:
    CheckpointRegistry& registry_;
    Checkpointable& model_;
};

} // namespace fireplane
