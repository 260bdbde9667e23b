#pragma once
// Registers the device models (ram, boot_rom, uart16550, m48t59, power_control, router) with
// the model factory.
namespace fireplane {

class ModelFactory;

void register_device_models(ModelFactory& factory);

} // namespace fireplane
