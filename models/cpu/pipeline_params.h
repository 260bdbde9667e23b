#pragma once
// The pipeline's machine-file parameters (pipeline.* on a sparc_cpu).
#include "core/factory/param_table.h"
#include "pipeline_config.h"

namespace fireplane::sparc {

const ParamTable<PipelineConfig>& pipeline_params();

} // namespace fireplane::sparc
