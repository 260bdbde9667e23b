#pragma once
// The parameters of one CPU's memory hierarchy, as machine files name them
// (icache.size, latency.ecache_hit, store_buffer.entries, ...). The CPU's
// parameter table (models/cpu/register_cpu.cpp) includes them.
#include "core/factory/param_table.h"
#include "hierarchy_timing.h"

namespace fireplane::cache {

const ParamTable<HierarchyConfig>& hierarchy_params();

} // namespace fireplane::cache
