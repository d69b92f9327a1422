#pragma once
// Volumes as the catalog knows them (docs/media.md): reading them, changing their state through
// the rules of volume_state.h with a history row for every change, where they are, and purging
// what the catalog holds about their contents. Every function works on the caller's connection;
// the ones that write run in one transaction (or inside the caller's, see each).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "media/volume_state.h"

namespace tl::media {

enum class Location { Library, Mail, Outside };
const char* to_string(Location l);

struct VolumeRecord {
    std::int64_t id = 0;
    std::string barcode;
    std::string pool; // "" when in no pool (a blank or cleaning cartridge)
    std::int64_t pool_id = 0;
    VolumeState state = VolumeState::Blank;
    std::int64_t bytes = 0, capacity = 0, jobs = 0, next_file = 1, block_size = 0;
    long long labeled = 0, first_written = 0, last_written = 0; // unix seconds, 0 = never
    Location location = Location::Library;
    std::string library; // Library / Mail: its library
    int slot = 0;        // Library: home storage slot; Mail: mail element number; 0 = unknown
    std::string site;    // Outside: where (vault, off-site name)
    long long left_at = 0;
    // Ids of the keys its encrypted sessions need, comma-separated; "" when all is clear.
    std::string encryption_keys;
    bool has_data() const { return jobs > 0 || bytes > 0; }
};

struct HistoryEntry {
    long long time = 0;
    std::string from, to, reason; // from is "" when the volume entered the catalog
};

struct VolumeFilter {
    std::string pool, state, library;
};

// NotFound naming the barcode when the catalog does not know it.
Result<VolumeRecord> find_volume(catalog::Db& db, const std::string& barcode);
Result<VolumeRecord> find_volume(catalog::Db& db, std::int64_t id);
// The same without the error: nullopt when unknown.
Result<std::optional<VolumeRecord>> lookup_volume(catalog::Db& db, const std::string& barcode);
Result<std::vector<VolumeRecord>> list_volumes(catalog::Db& db, const VolumeFilter& f = {});
Result<std::vector<HistoryEntry>> volume_history(catalog::Db& db, std::int64_t volume_id);

// Applies `event` to the volume (the rules of next_state) and records it with `reason` at
// `now`. Runs inside the caller's transaction when one is open (it does not begin one).
Result<VolumeState> change_state(catalog::Db& db, const VolumeRecord& v, VolumeEvent event,
                                 const std::string& reason, long long now, bool force = false);
// Records a history row without a state change (entering the catalog, borrowing...).
Status record_history(catalog::Db& db, std::int64_t volume_id, std::optional<VolumeState> from,
                      VolumeState to, const std::string& reason, long long now);

// Backup jobs with data on the volume, oldest first.
Result<std::vector<std::int64_t>> jobs_on_volume(catalog::Db& db, std::int64_t volume_id);
// Deletes those jobs with everything they own (sessions, save sets, files, positions): the
// catalog forgets what the volume holds. Inside the caller's transaction. Returns jobs removed.
Result<std::int64_t> purge_volume_contents(catalog::Db& db, std::int64_t volume_id);

// Sets where the volume is. Inside the caller's transaction when one is open.
Status set_location(catalog::Db& db, std::int64_t volume_id, Location where,
                    const std::string& library, int slot, const std::string& site,
                    long long left_at);

} // namespace tl::media
