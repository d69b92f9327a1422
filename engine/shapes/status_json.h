#pragma once
// The JSON shape of `tapeloom-cli status --json`, also the service's GET /v1/status
// (docs/api.md).
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "context/engine.h"

namespace tl::shapes {

nlohmann::json status_json(const EngineStatus& s, std::size_t cpus, std::uint64_t rss_bytes);

} // namespace tl::shapes
