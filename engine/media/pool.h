#pragma once
// Pools (docs/media.md): named sets of volumes with one retention and recycling policy.
// The pool "Scratch" (purpose 'scratch') lends its empty labeled volumes to other pools.
// Functions take the catalog connection of the caller's thread; errors name the pool and say
// what to do. Durations are seconds/days as named; bytes are bytes; 0 means "no limit".
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::media {

inline constexpr const char* kScratchPool = "Scratch";

struct Pool {
    std::int64_t id = 0;
    std::string name;
    std::string purpose = "backup";   // backup, archive, clone, scratch (free text for admins)
    bool auto_label = true;           // label blank cartridges of the library into it on demand
    int retention_days = 30;          // jobs (and their volumes) are kept this long after they ran
    int file_retention_days = 30;     // file entries are kept this long (<= retention_days)
    std::int64_t max_jobs = 0;        // per volume: jobs written before it becomes 'used'
    std::int64_t max_bytes = 0;       // per volume: bytes written before it becomes 'used'
    std::int64_t max_use_seconds = 0; // per volume: time from its first write to 'used'
    bool auto_recycle = true;         // prune marks expired volumes recyclable (else by hand)
    std::int64_t volumes = 0;         // volumes in the pool (read only)
    // Backups into the pool are encrypted (docs/media.md "Encryption"): "none" or
    // "aes-256-gcm" with the key named `key` in the key store; encrypt_names seals the file
    // names (index and trailers) too.
    std::string encryption = "none";
    std::string key;
    bool encrypt_names = true;
};

// Changes for `pool edit` / the values of `pool add`; unset fields are left alone.
struct PoolChanges {
    std::optional<std::string> purpose;
    std::optional<bool> auto_label;
    std::optional<int> retention_days;
    std::optional<int> file_retention_days;
    std::optional<std::int64_t> max_jobs, max_bytes, max_use_seconds;
    std::optional<bool> auto_recycle;
    std::optional<std::string> encryption, key;
    std::optional<bool> encrypt_names;
};

Result<std::vector<Pool>> list_pools(catalog::Db& db);
// NotFound naming the pool and `pool list` when it does not exist.
Result<Pool> find_pool(catalog::Db& db, const std::string& name);
Result<Pool> find_pool(catalog::Db& db, std::int64_t id);
// AlreadyExists when taken; InvalidArgument for a bad name or values.
Result<Pool> add_pool(catalog::Db& db, const std::string& name, const PoolChanges& values,
                      long long now);
Result<Pool> edit_pool(catalog::Db& db, const std::string& name, const PoolChanges& changes);
// Refused (InvalidArgument) while volumes or jobs belong to it, and for Default / Scratch.
Status remove_pool(catalog::Db& db, const std::string& name);

} // namespace tl::media
