#pragma once
// The drives' status as `drive status`, `drive show` and GET /v1/drives, /v1/drives/{name} show
// it (docs/api.md "Devices"): every configured drive (or one), its cartridge, position and
// space left, the job using it, whether it is out of service and its newest TapeAlert flags.
// A drive a job uses is not opened: it names the job, with the cartridge the changer has in
// it. One document, so that the command and the service answer the same.
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "context/engine.h"

namespace tl::device {

// {"drives": [{"name", "library", "element", "kind", "device", "used_by", "job_id", "volume",
// "out_of_service", "alerts": [...], ...}]} with at most `alert_limit` TapeAlert entries each,
// newest first. `only`: that drive alone (NotFound naming it when it is not configured).
Result<nlohmann::json> drive_report(Engine& engine, const std::string& only, int alert_limit);

} // namespace tl::device
