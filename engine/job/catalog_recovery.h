#pragma once
// Catalog recovery (docs/media.md "Catalog backup and recovery"): after the catalog was lost
// or damaged, finds the newest catalog save set on a volume by reading the media, restores it,
// checks it, installs it as <home>/catalog.db and scans the library's volumes so the catalog
// learns what was written after that catalog backup. Nothing the user had is deleted: a
// catalog in the way is renamed to catalog.db.broken-<time> (damaged) or
// catalog.db.replaced-<time> (intact, --force), with its -wal/-shm files; when the recovery
// fails before the swap, it is put back and the home is as it was.
// A PostgreSQL catalog (the data directory's catalog location is a URL) is recovered into that
// database, which must be empty: the working catalog is made there, dropped again, and the
// newest pg_dump archive on the volume is loaded with pg_restore (docs/catalog.md "Catalog
// backup to tape").
#include <string>
#include <vector>

#include "common/clock.h"
#include "common/result.h"
#include "job/scan_job.h"

namespace tl::media {

enum class CatalogFileState { Missing, Usable, Broken };

struct CatalogCheck {
    CatalogFileState state = CatalogFileState::Missing;
    std::string problem; // why it is Broken
    int schema_version = 0;
    long long jobs = 0;
};

// Checks a catalog file without changing it (read-only): a SQLite database passing
// PRAGMA integrity_check, carrying Tapeloom's application id (or none on an empty database),
// of a schema version not newer than this build's, with a jobs table.
CatalogCheck check_catalog_file(const std::string& path);

struct RecoverOptions {
    std::string home;
    std::string barcode;    // the volume holding the catalog save set
    std::string library;    // "" = the first configured library
    bool force = false;     // replace an intact catalog that has jobs
    Clock* clock = nullptr; // nullptr = the system clock
};

struct RecoverReport {
    std::string catalog_path;
    std::string previous;    // "missing", "broken" or "intact"
    std::string moved_aside; // where the previous catalog now is ("" when there was none)
    std::string barcode;
    std::string source;                // the catalog save set's source as backed up
    long long backup_time = 0;         // when that catalog backup started (unix seconds)
    std::vector<std::string> rejected; // newer catalog save sets that failed the checks, why
    job::ScanReport scan;              // the scan after the install
};

// Runs the whole recovery. Takes the home's lock (Busy when another process holds it).
// AlreadyExists when the catalog is intact and has jobs and !force; NotFound when the volume
// holds no catalog save set; Corrupt when none of them restores to a valid catalog.
Result<RecoverReport> recover_catalog(const RecoverOptions& options);

} // namespace tl::media
