#pragma once
// The JSON shape of one backed-up version of a file, as `tapeloom-cli files versions --json`
// prints it and the service's GET /v1/files/versions returns it (docs/api.md).
#include <nlohmann/json.hpp>

#include "job/catalog_browser.h"

namespace tl::shapes {

nlohmann::json file_version_json(const job::FileVersion& v);

} // namespace tl::shapes
