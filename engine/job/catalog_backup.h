#pragma once
// Catalog backup (docs/media.md "Catalog backup and recovery"): the live catalog is backed up
// as an ordinary backup job named "catalog" with the single source sqlite:<home>/catalog.db (a
// PostgreSQL catalog: pg_dump's archive as a cmd: source, catalog/pg_tools.h), so it lands on
// tape as a normal save set that recover-catalog finds by reading the media.
// The setting `catalog_backup_after_jobs` (settings table, "on"/"off", default off) makes every
// finished backup job except a catalog backup be followed by one, to the pool in
// `catalog_backup_pool` (default "Default").
#include <optional>
#include <string>

#include "context/engine.h"
#include "job/job_report.h"

namespace tl::media {

inline constexpr const char* kCatalogJobName = "catalog";

// "sqlite:<home>/catalog.db": the source a catalog backup reads.
std::string catalog_source(const std::string& home);

struct CatalogBackupOptions {
    std::string pool = "Default";
    std::string library; // "" = the first configured library
};

// Runs the catalog backup job (blocking). The error is for a job that could not start; a job
// that started returns its report, whose status says how it ended.
Result<job::JobReport> backup_catalog(Engine& engine, const CatalogBackupOptions& options);

struct AfterJobsSetting {
    bool on = false;
    std::string pool = "Default";
};

Result<AfterJobsSetting> after_jobs_setting(catalog::Db& db);
// Stores the setting; `pool` must name an existing pool (NotFound otherwise).
Status set_after_jobs(catalog::Db& db, const AfterJobsSetting& setting);

// Whether a backup job named `job_name` that ended with `status` is followed by a catalog
// backup under `setting`: on, the job is not itself a catalog backup, and data reached the
// catalog (completed, warnings or partial).
bool wants_catalog_backup(const AfterJobsSetting& setting, const std::string& job_name,
                          const std::string& status);

} // namespace tl::media
