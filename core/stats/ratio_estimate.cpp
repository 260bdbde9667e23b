#include "ratio_estimate.h"

#include <cmath>
#include <limits>

namespace fireplane {

double RatioEstimate::value() const {
    double num = 0, den = 0;
    for (const Unit& u : units_)
        num += u.numerator, den += u.denominator;
    return den != 0 ? num / den : std::numeric_limits<double>::quiet_NaN();
}

double RatioEstimate::standard_error() const {
    const size_t n = units_.size();
    const double r = value();
    if (n < 2 || std::isnan(r)) return std::numeric_limits<double>::quiet_NaN();
    double den = 0, squares = 0;
    for (const Unit& u : units_) {
        den += u.denominator;
        const double d = u.numerator - r * u.denominator;
        squares += d * d;
    }
    const double mean_den = den / double(n);
    const double variance = squares / double(n - 1); // of the residuals
    return std::sqrt(variance / double(n)) / mean_den;
}

} // namespace fireplane
