#pragma once
// The typed door's overview (api.h): the data directory, catalog and engine of the service, as
// `status --json` shows them (GET /v1/status).
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::client {

struct ServiceStatus {
    std::string home, catalog, version;
    int schema_version = 0;
    long long libraries = 0, drives = 0;
    std::uint64_t cpus = 0;
    std::uint64_t rss_bytes = 0; // the answering process's memory
    nlohmann::json document;     // as the service sent it
};

Result<ServiceStatus> status_from_json(const nlohmann::json& j);

} // namespace tl::client
