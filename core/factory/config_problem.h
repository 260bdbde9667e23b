#pragma once
// A configuration that cannot work: the parameter to blame, as the model's
// parameter table names it ("ecache.size"), and why.
#include <string>

namespace fireplane {

struct ConfigProblem {
    std::string param;
    std::string message;
};

} // namespace fireplane
