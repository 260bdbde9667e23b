#pragma once
namespace fireplane {
class ModelFactory;
// Registers the `sparc_cpu` type.
void register_cpu_models(ModelFactory& factory);
} // namespace fireplane
