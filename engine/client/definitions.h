#pragma once
// The typed door's configuration reads (api.h): job definitions, schedules, and the metadata
// of keys and tokens (never a key or a token).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "schedule/job_definition.h"

namespace tl::client {

struct Schedule {
    std::int64_t id = 0;
    std::string definition;
    std::string rule; // docs/schedules.md
    std::string name;
    long long checked_until = 0;
};

// A job definition: its name, sources, pool and schedules; `document` holds it as `job
// export` writes it, with every field.
struct Definition {
    std::string name;
    std::vector<std::string> sources; // a name that is no UTF-8 as {"hex": ...} in the document
    std::string pool;
    std::vector<Schedule> schedules;
    nlohmann::json document;
};

// POST /v1/schedules, PATCH /v1/schedules/{id}: the rule (docs/schedules.md) and the name.
struct ScheduleRequest {
    std::string definition; // POST only
    std::string rule;
    std::string name; // "" none (PATCH: clears it)
};

struct KeyInfo {
    std::string name;
    std::string id; // NAME:FINGERPRINT
    long long created = 0;
};

// POST /v1/keys: a key export (the document `key export` wrote) and its passphrase.
struct KeyImport {
    nlohmann::json export_document;
    std::string passphrase;
};

struct TokenInfo {
    std::string name;
    std::string scope; // read | operate | admin
    long long created = 0;
};

Result<Schedule> schedule_from_json(const nlohmann::json& j);
Result<Definition> definition_from_json(const nlohmann::json& j);
// A definition as POST /v1/definitions and PUT /v1/definitions/{name} take it (`job export`'s
// shape, every field given: an empty include list is stored empty).
nlohmann::json definition_body(const schedule::JobDefinition& d);
Result<KeyInfo> key_from_json(const nlohmann::json& j);
Result<TokenInfo> token_from_json(const nlohmann::json& j);

} // namespace tl::client
