#pragma once
// A factory of small fake model types, so the core is tested without any
// real model family.
#include "core/factory/model_factory.h"

namespace fireplane::test {

// "simulation", "fake_cpu" and "fake_ram"; see test_models.cpp for their parameters.
ModelFactory make_factory();

// Absolute path of a file in tests/platform/fixtures.
std::string fixture(const std::string& name);

} // namespace fireplane::test
