#pragma once
// A path in the API's JSON (docs/api.md "Paths that are not UTF-8"): a JSON string when it is
// UTF-8, else {"hex": "<its bytes in hex>"}, so a source whose name has any bytes round-trips
// through a request, a job definition and a report (JSON strings hold UTF-8 only).
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "common/utf8.h"

namespace tl {

nlohmann::json path_json(const std::string& path);
// A string, or {"hex": ...} of an even number of hex digits; InvalidArgument otherwise.
Result<std::string> path_from_json(const nlohmann::json& j);

} // namespace tl
