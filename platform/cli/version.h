#pragma once
// What `fireplane --version` prints: the release, the git revision the
// binary was built from, and the SystemC it runs on.
#include <string>

namespace fireplane::cli {

std::string version_text();

} // namespace fireplane::cli
