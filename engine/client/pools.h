#pragma once
// The typed door's pools (api.h): a pool as `pool list --json` shows it, and the fields a new
// pool takes or a change sets.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::media {
struct PoolChanges;
}

namespace tl::client {

struct Pool {
    std::string name;
    std::string purpose;
    bool auto_label = false;
    int retention_days = 0, file_retention_days = 0;
    std::int64_t max_jobs = 0, max_bytes = 0, max_use_seconds = 0; // 0: no limit
    std::string recycle;                                           // auto | manual
    std::int64_t volumes = 0;
    std::string encryption, key;
    bool encrypt_names = false;
    // GET /v1/pools: the volumes in a library the pool can write now, its own and those the
    // Scratch pool would lend it (the service's one rule of usable volumes).
    std::int64_t writable_in_library = 0, scratch_in_library = 0;
    nlohmann::json document; // as the service sent it (`pool list --json`'s row)
};

// POST /v1/pools (with a name) and PATCH /v1/pools/{name}: the fields given are set.
struct PoolChanges {
    std::optional<std::string> purpose;
    std::optional<bool> auto_label;
    std::optional<int> retention_days, file_retention_days;
    std::optional<std::int64_t> max_jobs, max_bytes, max_use_seconds;
    std::optional<std::string> recycle; // auto | manual
    std::optional<std::string> encryption, key;
    std::optional<bool> encrypt_names;
};

Result<Pool> pool_from_json(const nlohmann::json& j);
Result<std::vector<Pool>> pools_from_json(const nlohmann::json& j);
nlohmann::json to_json(const PoolChanges& c);
// The typed fields of media's pool changes (as `pool add|edit` and the Pools panel make them).
PoolChanges pool_changes_of(const media::PoolChanges& c);

} // namespace tl::client
