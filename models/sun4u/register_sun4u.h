#pragma once
#include "core/factory/model_factory.h"

namespace fireplane {

// Registers the sun4u board's model types with the factory.
void register_sun4u_device_models(ModelFactory& factory);

} // namespace fireplane
