#pragma once
// Volumes, pools, libraries and drives as the jobs use them (the tables' own stores, for the
// programs, are volume_store.h and their neighbours): the pool a backup writes to and its
// encryption, the volumes a backup may append to or reuse, the counters a mount or a job adds,
// the rows a scan (or the catalog bench) creates. Functions use the caller's connection.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct PoolChoice {
    std::int64_t id = 0;
    bool auto_label = false;
};
// nullopt when there is no pool of that name.
Result<std::optional<PoolChoice>> pool_by_name(Db& db, const std::string& name);

struct PoolEncryption {
    std::string name;
    std::string encryption; // none, aes-256-gcm
    std::string key_name;   // "" = none named
    bool encrypt_names = false;
};
// nullopt when the pool is gone.
Result<std::optional<PoolEncryption>> pool_encryption(Db& db, std::int64_t pool_id);
// The id of the pool of that name, created (with defaults) when missing.
Result<std::int64_t> ensure_pool(Db& db, const std::string& name);

// One more job wrote the volume (the first at `now`, unix seconds).
Status count_volume_job(Db& db, std::int64_t volume_id, long long now);
// One more mount of the volume.
Status count_volume_mount(Db& db, std::int64_t volume_id);
// The volume's uuid as stored (raw bytes, "" when none).
Result<std::string> volume_uuid(Db& db, std::int64_t volume_id);
// nullopt when no volume has that barcode.
Result<std::optional<std::int64_t>> volume_id_of(Db& db, const std::string& barcode);

// An appendable volume found on media (a scan) or made up (the bench): `uuid` raw 16 bytes or
// "" for none, `labeled` unix seconds or nullopt for now. Returns its id.
struct NewVolume {
    std::string barcode;
    std::string uuid;
    std::int64_t pool_id = 0;
    std::uint64_t block_size = 0;
    std::optional<long long> labeled;
};
Result<std::int64_t> add_append_volume(Db& db, const NewVolume& v);

// How many libraries and drives the catalog knows.
Result<std::int64_t> library_count(Db& db);
Result<std::int64_t> drive_count(Db& db);

} // namespace tl::catalog
