#pragma once
// The typed door's volumes (api.h): a volume by its barcode, the changes of its state and
// place, and its label.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "client/volume_usage.h"
#include "common/result.h"
#include "media/volume_catalog.h"
#include "media/volume_health.h"

namespace tl::client {

struct VolumeLocation {
    std::string where;        // library | mail | outside
    std::string library;      // library, mail
    std::optional<int> slot;  // library, mail: none while in a drive or unknown
    std::optional<int> drive; // the changer's drive number it is loaded in (GET only)
    std::string site;         // outside
    long long left_at = 0;    // outside: unix seconds
};

// As `volume list --json` shows one; `document` is that JSON as the service sent it.
struct Volume {
    std::string barcode;
    std::string pool;
    std::string
        state; // blank, append, full, used, recyclable, error, read-only, disabled, cleaning
    std::uint64_t bytes = 0, capacity = 0;
    std::int64_t jobs = 0, tape_files = 0;
    long long labeled = 0, first_written = 0, last_written = 0;
    bool encrypted = false;
    std::string encryption_keys;
    VolumeLocation location;
    std::optional<VolumeUsage> usage; // asked for with volumes_with_usage()
    nlohmann::json document;
};

// PATCH /v1/volumes/{barcode}: a state (read-only, disabled, enabled, error) with a reason,
// and/or a place: outside at `site`, or back in a library (`onsite`, `library`: "" its own).
struct VolumeChange {
    std::optional<std::string> state;
    std::string reason;
    std::optional<std::string> site;
    bool onsite = false;
    std::string library;
};

// POST /v1/volumes/{barcode}/label: into `pool` ("" on a relabel: the volume's own).
struct LabelRequest {
    std::string pool;
    std::string library; // "": the default library
    std::optional<std::uint32_t> block_size;
    bool force = false;   // overwrite what is on it; a relabel discards kept data
    bool relabel = false; // label a known volume again
};

struct LabeledVolume {
    Volume volume;
    std::int64_t jobs_purged = 0; // jobs a forced relabel dropped from the catalog
    bool adopted = false;         // our own empty label was on it: recorded, nothing written
};

// GET /v1/volumes/{barcode}/history: its state changes, oldest first, and its state now.
struct VolumeHistory {
    std::string barcode, state;
    std::vector<media::HistoryEntry> history;
};

// GET /v1/volumes/{barcode}/contents: a tape's contents read from the tape alone (`volume ls`):
// its label, sessions and objects, and the blocks that could not be read. `document` is the
// answer as sent (`volume ls --json`; names that are not UTF-8 as {"hex"}).
struct VolumeContents {
    std::string barcode, uuid, pool;
    std::uint32_t block_size = 0;
    std::uint32_t tape_files = 0;
    std::size_t sessions = 0, objects = 0, bad_blocks = 0;
    nlohmann::json document;
};

Result<VolumeHistory> volume_history_from_json(const nlohmann::json& j);
// The "volumes" of GET /v1/wear's answer: each cartridge's wear and forecast.
Result<std::vector<media::VolumeHealth>> volume_health_from_json(const nlohmann::json& j);
Result<Volume> volume_from_json(const nlohmann::json& j);
// Io when the answer has no barcode or no sessions, objects and bad_blocks lists.
Result<VolumeContents> volume_contents_from_json(const nlohmann::json& j);
Result<LabeledVolume> labeled_volume_from_json(const nlohmann::json& j);
nlohmann::json to_json(const VolumeChange& c);
nlohmann::json to_json(const LabelRequest& r);

} // namespace tl::client
