#pragma once
// One change of a virtual library's injected faults (virtual_faults.h), as `library fault`
// asks for it and PATCH /v1/libraries/{name}/faults carries it: everything cleared, or one
// drive's and one cartridge's faults set or taken back. JSON: {"clear": true} or {"drive": N,
// "tapealert": [20, 30], "offline": B, "cleaning_request": B, "barcode": B, "fail_load": B,
// "media_error_at": OBJ or null}; what is left out stays.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "device/virtual_faults.h"

namespace tl::device {

struct FaultChange {
    bool clear = false;
    std::optional<int> drive;    // 0..63
    std::vector<int> tapealert;  // flags 1..64 added to the drive's
    std::optional<bool> offline; // the drive
    std::optional<bool> cleaning_request;
    std::string barcode; // "": no cartridge changes
    std::optional<bool> fail_load;
    // Unset: unchanged; set to nullopt: no media error; set to N: at object N.
    std::optional<std::optional<std::uint64_t>> media_error_at;

    bool changes_anything() const { return clear || drive || !barcode.empty(); }
};

Status apply_fault_change(FaultPlan& plan, const FaultChange& change);

nlohmann::json to_json(const FaultChange& c);
// InvalidArgument naming the field for another shape (`route` leads the message).
Result<FaultChange> fault_change_from_json(const nlohmann::json& j, const std::string& route);
// The plan as faults.json holds it ({"version", "drives", "cartridges"}).
nlohmann::json fault_plan_json(const FaultPlan& p);

} // namespace tl::device
