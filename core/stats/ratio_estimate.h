#pragma once
// A ratio of two totals estimated from a sample of units (sampled
// simulation: cycles over instructions, misses over references, ...). Each
// unit contributes a numerator and a denominator; the estimate is their
// ratio of sums, and its standard error comes from the linearised variance
// of the ratio estimator (Cochran, Sampling Techniques, 6.3), which is the
// usual mean and standard error when every unit has the same denominator.
#include <cstddef>
#include <vector>

namespace fireplane {

class RatioEstimate {
public:
    void add(double numerator, double denominator) { units_.push_back({numerator, denominator}); }
    size_t units() const { return units_.size(); }
    void clear() { units_.clear(); }
    // Sum of numerators over sum of denominators; NaN with no denominator.
    double value() const;
    // The standard error of value(); NaN with fewer than two units.
    double standard_error() const;
    // Half the width of the confidence interval at `z` standard errors
    // (3: 99.7%, as SMARTS reports).
    double half_width(double z = 3.0) const { return z * standard_error(); }

private:
    struct Unit {
        double numerator, denominator;
    };
    std::vector<Unit> units_;
};

} // namespace fireplane
