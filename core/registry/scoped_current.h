#pragma once
// The registry models register with now, for a kind of registry (statistics,
// checkpoint sections): a Session's while it builds and runs its machine
// (a Scope on the stack), else one for the whole process. Models take it
// when they are made, so they need no registry passed down to them.
namespace fireplane {

template <typename Registry> class ScopedCurrent {
public:
    static Registry& get() {
        static Registry process_wide;
        return current_ ? *current_ : process_wide;
    }
    class Scope {
    public:
        explicit Scope(Registry& registry) : previous_(current_) { current_ = &registry; }
        ~Scope() { current_ = previous_; }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        Registry* previous_;
    };

private:
    static inline Registry* current_ = nullptr;
};

} // namespace fireplane
