#pragma once
// Registers the PCI models (pci_bridge, ebus) with the model factory.
namespace fireplane {

class ModelFactory;

void register_pci_models(ModelFactory& factory);

} // namespace fireplane
