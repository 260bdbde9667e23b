#pragma once
// The model types of the project's RTL blocks (models/rtl/blocks), for
// machine files. The `fireplane` program registers them; an embedding
// program that wants them passes this to SessionOptions::register_models.
namespace fireplane {
class ModelFactory;
void register_rtl_models(ModelFactory& factory);
} // namespace fireplane
