#pragma once
// Registers the sun4u board's models (fw_cfg, sun4u_power, sun4u_nvram) with
// the model factory.
namespace fireplane {

class ModelFactory;

void register_sun4u_device_models(ModelFactory& factory);

} // namespace fireplane
