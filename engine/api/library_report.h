#pragma once
// A library's status and inventory as `library status`, `library inventory` and GET
// /v1/libraries/{name}, /v1/libraries/{name}/inventory show them (docs/api.md "Libraries"):
// one document each, so that the command and the service answer the same. Which cartridge a
// drive holds comes from the changer's inventory; a drive a job uses names the job and is not
// opened.
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "context/engine.h"

namespace tl::device {

// {"library", "drives": [{"drive", "name", "volume", "job_id", "used_by"[, "online",
// "write_protected" | "error"]}], "slots", "slots_full", "mail_slots", "mail_slots_full"} of
// `library` ("": the first configured). A free drive is asked (online, write protection) only
// by an engine holding the data directory's lock: a read-only one opens no drive.
Result<nlohmann::json> library_status_report(Engine& engine, const std::string& library);

// {"library", "drives": [{"drive", "full", "barcode", "source_slot", "name"}], "slots":
// [{"slot", "full", "barcode"}], "mail_slots": [{"slot", "mail", "full", "barcode"}]}: every
// element as the changer reports it.
Result<nlohmann::json> library_inventory_report(Engine& engine, const std::string& library);

} // namespace tl::device
