#pragma once
// Registers the Fireplane interconnect models (fireplane_memory) with the
// model factory.
namespace fireplane {

class ModelFactory;

void register_fireplane_models(ModelFactory& factory);

} // namespace fireplane
