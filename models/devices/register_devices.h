#pragma once
// Registers the device models (ram, uart16550, router) with the model factory.
namespace fireplane {

class ModelFactory;

void register_device_models(ModelFactory& factory);

} // namespace fireplane
