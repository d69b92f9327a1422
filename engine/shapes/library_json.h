#pragma once
// The JSON shape of a configured library, as `tapeloom-cli library list --json` prints it (in
// {"libraries": [...]}) and the service's GET /v1/libraries returns it (docs/api.md).
#include <cstddef>

#include <nlohmann/json.hpp>

#include "device/device_registry.h"

namespace tl::shapes {

// {"name", "kind", "device", "drives", "config"}
nlohmann::json library_json(const device::LibraryConfig& l, std::size_t drives);

} // namespace tl::shapes
