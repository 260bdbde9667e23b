#pragma once
// The memory map of a built machine as text: every bus target's range, name,
// model type and the address map it sits on, sorted by address. Written as
// YAML comments, so that dump-config's output still loads as a machine file.
#include "platform_builder.h"

#include <ostream>

namespace fireplane {

void print_memory_map(const Platform& platform, std::ostream& out);

} // namespace fireplane
