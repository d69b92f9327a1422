#pragma once
// The typed door's file versions (api.h): every backed-up version of a path and its deletion
// markers, oldest first, as `files versions --json` shows them (GET /v1/files/versions).
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "job/catalog_browser.h"

namespace tl::client {

Result<std::vector<job::FileVersion>> file_versions_from_json(const nlohmann::json& j);

} // namespace tl::client
