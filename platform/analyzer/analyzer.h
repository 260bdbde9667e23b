#pragma once
// `fireplane analyze EXP.er [COMMAND [ARG]]...`: er_print-style reports over an
// experiment folder. Commands run in order; state commands (metrics, sort,
// limit, format) change the listings after them.
#include <ostream>
#include <string>
#include <vector>

namespace fireplane::analyzer {

// args[0] is the experiment folder. Returns the exit code; bad input throws
// std::invalid_argument with a one-line message.
int run(const std::vector<std::string>& args, std::ostream& out);

// The usage text, generated from the command table.
std::string usage();

} // namespace fireplane::analyzer
