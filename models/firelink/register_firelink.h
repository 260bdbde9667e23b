#pragma once
#include "core/factory/model_factory.h"

namespace fireplane {
// Adds the Fire Link monitor type (firelink_monitor) to the factory.
void register_firelink_models(ModelFactory& factory);
} // namespace fireplane
