#pragma once
// The volumes table and its history (volume_history) as rows: reading volumes, their counters,
// presence checks and counts, block sizes and cleaning cartridges; the writes of the volume
// state machine (state, history, location, labels, purging what the catalog holds about a
// volume's contents); and the one rule of which volumes a pool can write (usable_volumes).
// media/volume_catalog.h owns the rules and turns the rows into media::VolumeRecord. Functions
// use the caller's connection and its thread; writes run inside the caller's transaction.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct VolumeCounters {
    std::int64_t mounts = 0;
    std::int64_t errors = 0;
};
// Every volume's counters, by volume id.
Result<std::map<std::int64_t, VolumeCounters>> volume_counters(Db& db);

// Whether the catalog knows the barcode as a labeled volume (any state but blank).
Result<bool> is_labeled_volume(Db& db, const std::string& barcode);
// Whether the catalog records the barcode as being in a library.
Result<bool> is_in_library(Db& db, const std::string& barcode);

// Volumes of the pool recorded in a library that a backup could write: appendable or
// recyclable (usable_volumes, Append and Recycle).
Result<std::int64_t> writable_volumes_in_library(Db& db, std::int64_t pool_id);
// Volumes of the Scratch pool (unless that is `pool_id` itself) recorded in a library that a
// pool can take over (usable_volumes, Borrow).
Result<std::int64_t> scratch_volumes_in_library(Db& db, std::int64_t pool_id);

// The block size the volume was labeled with; nullopt for an unknown barcode.
Result<std::optional<std::int64_t>> volume_block_size(Db& db, const std::string& barcode);
// Barcodes recorded as cleaning cartridges of the library, sorted.
Result<std::vector<std::string>> cleaning_volumes(Db& db, const std::string& library);

// One volume as the catalog holds it; state and location as their column text.
struct VolumeRow {
    std::int64_t id = 0;
    std::string barcode;
    std::string pool; // "" when in no pool
    std::int64_t pool_id = 0;
    std::string state;
    std::int64_t bytes = 0, capacity = 0, jobs = 0, next_file = 1, block_size = 0;
    long long labeled = 0, first_written = 0, last_written = 0; // 0 = never
    std::string location;                                       // library | mail | outside
    std::string library;                                        // "" when NULL
    int slot = 0;                                               // 0 when NULL
    std::string site;                                           // "" when NULL
    long long left_at = 0;
    std::string encryption_keys; // key ids of its encrypted sessions, comma-separated
};
struct VolumeRowFilter {
    std::string pool, state, library; // "" = any
};
Result<std::optional<VolumeRow>> find_volume_row(Db& db, const std::string& barcode);
Result<std::optional<VolumeRow>> find_volume_row(Db& db, std::int64_t id);
// By barcode.
Result<std::vector<VolumeRow>> list_volume_rows(Db& db, const VolumeRowFilter& filter);

struct VolumeHistoryRow {
    long long time = 0;
    std::string from, to, reason; // from "" when the volume entered the catalog
};
Result<std::vector<VolumeHistoryRow>> volume_history_rows(Db& db, std::int64_t volume_id);
// from: nullopt when the volume enters the catalog.
Status insert_volume_history(Db& db, std::int64_t volume_id, const std::optional<std::string>& from,
                             const std::string& to, const std::string& reason, long long now);
Status set_volume_state(Db& db, std::int64_t volume_id, const std::string& state);
// Where a volume is: library/slot for "library" and "mail" (slot 0 = unknown), site/left_at
// for "outside".
struct VolumePlace {
    std::string location;
    std::string library;
    int slot = 0;
    std::string site;
    long long left_at = 0;
};
Status set_volume_place(Db& db, std::int64_t volume_id, const VolumePlace& place);

// Backup jobs with data on the volume (tape files or extents), by id.
Result<std::vector<std::int64_t>> jobs_with_data_on(Db& db, std::int64_t volume_id);
// Deletes the jobs (with everything they own) and every file entry pointing at the volume.
Status delete_volume_contents(Db& db, std::int64_t volume_id,
                              const std::vector<std::int64_t>& jobs);

// A volume written with a fresh label: state append, in the library, mounted once.
struct LabeledVolume {
    std::string barcode;
    std::array<std::uint8_t, 16> uuid{};
    std::int64_t pool_id = 0;
    std::int64_t block_size = 0, capacity = 0;
    long long labeled = 0;
    std::string library;
};
// Returns the new volume's id.
Result<std::int64_t> insert_labeled_volume(Db& db, const LabeledVolume& v);
// An existing volume labeled again: empty, counters reset, mounted once more.
Status relabel_volume(Db& db, std::int64_t id, const LabeledVolume& v);
// A cartridge found in a library without a label of ours (blank or cleaning); returns its id.
Result<std::int64_t> insert_unlabeled_volume(Db& db, const std::string& barcode,
                                             const std::string& state, const VolumePlace& place);

// The rule "usable volume of pool P", in one place: the volumes a backup (or a clone) into
// the pool may write, in the order it tries them:
//   Append  - appendable volumes of the pool, fullest first;
//   Recycle - recyclable volumes of the pool, least recently written first;
//   Borrow  - volumes of the Scratch pool that are recyclable, or appendable and still empty.
// The caller filters by what the library holds and by block size (Append volumes keep theirs).
enum class VolumeUse { Append, Recycle, Borrow };
struct UsableVolume {
    VolumeUse use = VolumeUse::Append;
    std::int64_t id = 0;
    std::string barcode;
    std::string pool;     // the pool it belongs to now (Scratch for Borrow)
    std::string uuid_hex; // upper-case hex of the label's volume UUID
    std::int64_t next_file = 1, block_size = 0;
    bool in_library = false; // the catalog records it in a library
};
Result<std::vector<UsableVolume>> usable_volumes(Db& db, std::int64_t pool_id);

} // namespace tl::catalog
