#include "job/catalog_backup.h"

#include <filesystem>

#include "catalog/db.h"
#include "catalog/pg_tools.h"
#include "catalog/settings_store.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "job/backup_job.h"
#include "media/pool.h"

namespace tl::media {

namespace {
constexpr const char* kAfterJobsKey = "catalog_backup_after_jobs";
constexpr const char* kPoolKey = "catalog_backup_pool";

using catalog::get_setting;
using catalog::put_setting;
} // namespace

std::string catalog_source(const std::string& home) {
    return "sqlite:" + home + "/catalog.db";
}

Result<job::JobReport> backup_catalog(Engine& engine, const CatalogBackupOptions& options) {
    // A PostgreSQL catalog goes to tape as pg_dump's archive; a stale <home>/catalog.db left from
    // before `catalog use URL` is never taken for it.
    catalog::Db& db = engine_catalog(engine);
    const std::string passfile = engine.home() + "/catalog-backup.pgpass";
    std::string source = catalog_source(engine.home());
    if (db.postgres()) {
        auto dump = catalog::pg_dump_source(db.path(), passfile);
        if (!dump) return dump.error();
        source = dump.value();
    }
    job::BackupOptions o;
    o.sources = {source};
    o.pool = options.pool.empty() ? std::string("Default") : options.pool;
    o.library = options.library;
    o.name = kCatalogJobName;
    o.drives = 1;
    o.sessions_per_drive = 1;
    log::get("job")->info("catalog backup of {} to pool {}", db.name(), o.pool);
    auto report = job::run_backup(engine, o);
    std::error_code ec;
    if (db.postgres()) std::filesystem::remove(passfile, ec);
    return report;
}

Result<AfterJobsSetting> after_jobs_setting(catalog::Db& db) {
    AfterJobsSetting s;
    auto on = get_setting(db, kAfterJobsKey);
    if (!on) return on.error();
    s.on = on.value() && on.value().value() == "on";
    auto pool = get_setting(db, kPoolKey);
    if (!pool) return pool.error();
    if (pool.value() && !pool.value()->empty()) s.pool = *pool.value();
    return s;
}

Status set_after_jobs(catalog::Db& db, const AfterJobsSetting& setting) {
    if (auto p = find_pool(db, setting.pool); !p) return p.error();
    TL_TRY(put_setting(db, kAfterJobsKey, setting.on ? "on" : "off"));
    return put_setting(db, kPoolKey, setting.pool);
}

bool wants_catalog_backup(const AfterJobsSetting& setting, const std::string& job_name,
                          const std::string& status) {
    if (!setting.on || job_name == kCatalogJobName) return false;
    return status == "completed" || status == "warnings" || status == "partial";
}

} // namespace tl::media
