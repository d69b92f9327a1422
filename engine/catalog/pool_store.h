#pragma once
// Pools as rows (table pools, with the count of their volumes): reading, adding, storing the
// policy, removing, and whether the history names a pool. media/pool.h owns the rules (names,
// validation, built-in pools) and turns rows into media::Pool. Functions use the caller's
// connection and its thread.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct PoolRow {
    std::int64_t id = 0;
    std::string name;
    std::string purpose;
    bool auto_label = true;
    int retention_days = 0;
    int file_retention_days = 0; // the job retention when the column is NULL
    std::int64_t max_jobs = 0, max_bytes = 0, max_use_seconds = 0;
    bool auto_recycle = true; // recycle = 'auto'
    std::int64_t volumes = 0; // read only: volumes in the pool
    std::string encryption;   // "none" | "aes-256-gcm"
    std::string key;          // "" when NULL
    bool encrypt_names = true;
};

// By id.
Result<std::vector<PoolRow>> list_pool_rows(Db& db);
// nullopt when no pool has that name / id.
Result<std::optional<PoolRow>> find_pool_row(Db& db, const std::string& name);
Result<std::optional<PoolRow>> find_pool_row(Db& db, std::int64_t id);
// A pool with the schema's defaults but these; returns its id. store_pool sets the rest.
Result<std::int64_t> insert_pool(Db& db, const std::string& name, bool auto_label,
                                 int retention_days, long long now);
// Writes every policy column of the row with `p.id` (not the name, not the volume count).
Status store_pool(Db& db, const PoolRow& p);
Status delete_pool(Db& db, std::int64_t id);
// Jobs of the history that name the pool.
Result<std::int64_t> jobs_in_pool(Db& db, std::int64_t id);

} // namespace tl::catalog
