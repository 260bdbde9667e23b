// `fireplane analyze EXP.er [COMMAND [ARG]]...`: the experiment analyzer
// (platform/analyzer), er_print's commands over a `fireplane collect` folder.
#include "commands.h"
#include "platform/analyzer/analyzer.h"

#include <iostream>

namespace fireplane::cli {

int analyze(const std::vector<std::string>& args) {
    return analyzer::run(args, std::cout);
}

} // namespace fireplane::cli
