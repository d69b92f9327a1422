// catalog backup, catalog after-jobs, recover-catalog (docs/media.md "Catalog backup and
// recovery"), and the hook that follows a backup with a catalog backup when configured.
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "api/catalog_ops.h"
#include "api/media_ops.h"
#include "catalog/catalog_copy.h"
#include "catalog/catalog_location.h"
#include "commands/commands.h"
#include "common/home.h"
#include "exit_codes.h"
#include "job/backup_job.h"
#include "job/catalog_backup.h"
#include "job/catalog_recovery.h"

namespace tl::cli {

namespace {

int catalog_backup(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    media::CatalogBackupOptions o;
    o.pool = ctx.args().get("pool", o.pool);
    o.library = ctx.args().get("library");
    auto r = media::backup_catalog(*engine.value(), o);
    if (!r) return ctx.fail(r.error());
    return print_catalog_backup(ctx, r.value(), job::to_json(r.value()));
}

int catalog_after_jobs(Context& ctx) {
    const auto& words = ctx.args().words();
    if (words.size() > 1 || (words.size() == 1 && words[0] != "on" && words[0] != "off"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "catalog after-jobs takes on or off (or nothing to show it)"));
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    CatalogHandle db(*engine.value());
    auto s = media::after_jobs_setting(db);
    if (!s) return ctx.fail(s.error());
    if (!words.empty() || ctx.args().has("pool")) {
        if (!words.empty()) s->on = words[0] == "on";
        s->pool = ctx.args().get("pool", s->pool);
        if (auto st = media::set_after_jobs(db, s.value()); !st) return ctx.fail(st.error());
    }
    if (ctx.json())
        ctx.print_json({{"after_jobs", s->on}, {"pool", s->pool}});
    else
        ctx.out() << "catalog backup after each backup job: " << (s->on ? "on" : "off") << " (pool "
                  << s->pool << ")\n";
    return kOk;
}

// catalog use URL|sqlite: the data directory's catalog from now on (catalog_location.h).
int catalog_use(Context& ctx) {
    const auto& words = ctx.args().words();
    if (words.size() != 1)
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "catalog use takes one postgresql:// URL, or sqlite for "
                                   "<home>/catalog.db"));
    if (auto st = ensure_private_directory(ctx.home()); !st) return ctx.fail(st.error());
    if (auto st = catalog::use_catalog(ctx.home(), words[0]); !st) return ctx.fail(st.error());
    const std::string shown =
        words[0] == "sqlite" ? ctx.home() + "/catalog.db" : catalog::catalog_display_name(words[0]);
    if (ctx.json())
        ctx.print_json({{"home", ctx.home()}, {"catalog", shown}});
    else
        ctx.out() << "catalog of " << ctx.home() << ": " << shown << "\n";
    return kOk;
}

// catalog migrate --to URL|FILE: a copy of the whole catalog on the other back end, checked
// (catalog_copy.h); the data directory keeps using its catalog until `catalog use`.
int catalog_migrate(Context& ctx) {
    const std::string to = ctx.args().get("to");
    if (to.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "catalog migrate needs --to URL (a postgresql:// URL of an "
                                   "empty database) or --to FILE (a new SQLite file)"));
    const std::string from_location = catalog::catalog_location(ctx.home());
    if (from_location == to)
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "catalog migrate --to names the catalog itself"));
    if (!catalog::is_postgres_url(to) && std::filesystem::exists(to))
        return ctx.fail(make_error(ErrorKind::AlreadyExists,
                                   to + " exists; catalog migrate writes a new SQLite file only"));
    auto from = CatalogHandle::open_read_only(from_location);
    if (!from) return ctx.fail(from.error());
    auto target = CatalogHandle::open(to, true);
    if (!target) return ctx.fail(target.error());
    auto copied = catalog::copy_catalog(from.value(), target.value());
    if (!copied) return ctx.fail(copied.error());
    std::int64_t rows = 0;
    nlohmann::json tables = nlohmann::json::array();
    for (const auto& t : copied.value()) {
        rows += t.rows;
        tables.push_back({{"table", t.table}, {"rows", t.rows}, {"sampled", t.sampled}});
    }
    const std::string shown = catalog::catalog_display_name(to);
    if (ctx.json())
        ctx.print_json({{"from", from->name()}, {"to", shown}, {"rows", rows}, {"tables", tables}});
    else
        ctx.out() << "copied " << rows << " rows in " << copied->size() << " tables from "
                  << from->name() << " to " << shown
                  << " (counts and sampled rows checked); `catalog use` switches to it\n";
    return kOk;
}

int recover_catalog(Context& ctx) {
    media::RecoverOptions o;
    o.home = ctx.home();
    o.barcode = ctx.args().get("volume");
    o.library = ctx.args().get("library");
    o.force = ctx.args().has("force");
    if (o.barcode.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "recover-catalog needs --volume BARCODE: the volume a catalog "
                                   "backup was written to (see library inventory)"));
    // No ctx.engine() here: the catalog may be missing or damaged; recover_catalog opens the
    // engine itself once the catalog is out of the way.
    auto r = media::recover_catalog(o);
    if (!r) return ctx.fail(r.error());
    const auto& rep = r.value();
    const auto& s = rep.scan;
    if (ctx.json()) {
        ctx.print_json({{"catalog", rep.catalog_path},
                        {"previous", rep.previous},
                        {"moved_aside", rep.moved_aside},
                        {"volume", rep.barcode},
                        {"source", rep.source},
                        {"backup_time", rep.backup_time},
                        {"rejected", rep.rejected},
                        {"scan",
                         {{"volumes", s.volumes},
                          {"sessions_added", s.sessions_added},
                          {"sessions_known", s.sessions_known},
                          {"jobs_added", s.jobs_added},
                          {"files_added", s.files_added},
                          {"warnings", s.warnings}}}});
    } else {
        auto& out = ctx.out();
        out << "Catalog " << rep.catalog_path << " recovered from the catalog backup of "
            << rep.backup_time << " (unix time) on volume " << rep.barcode << "\n";
        if (!rep.moved_aside.empty())
            out << "  the previous (" << rep.previous << ") catalog is kept as " << rep.moved_aside
                << "\n";
        for (const auto& why : rep.rejected)
            out << "  skipped a newer catalog backup: " << why << "\n";
        out << "  scanned " << s.volumes.size() << " volume(s): " << s.jobs_added << " job(s) and "
            << s.sessions_added << " session(s) written after it added\n";
        for (const auto& w : s.warnings)
            out << "  warning: " << w << "\n";
    }
    return s.bad_blocks.empty() ? kOk : kPartial;
}

} // namespace

int print_catalog_backup(Context& ctx, const job::JobReport& report, const nlohmann::json& json) {
    if (ctx.json())
        ctx.print_json(json);
    else
        ctx.out() << job::format_report(report);
    if (report.status == "failed")
        ctx.err() << "tapeloom-cli: error: catalog backup failed: " << report.error << "\n";
    return exit_code_for_job_status(report.status);
}

int catalog_backup_after_job(Context& ctx, Engine& engine, const std::string& job_name,
                             const std::string& status, int exit_code) {
    auto s = media::after_jobs_setting(engine);
    if (!s) {
        ctx.err() << "tapeloom-cli: warning: cannot read the catalog backup setting: "
                  << s.error().message << "\n";
        return exit_code == kOk ? kWarnings : exit_code;
    }
    if (!media::wants_catalog_backup(s.value(), job_name, status)) return exit_code;
    media::CatalogBackupOptions o;
    o.pool = s->pool;
    auto r = media::backup_catalog(engine, o);
    if (r && r->status == "completed") {
        ctx.err() << "tapeloom-cli: catalog backed up as job " << r->job_id << " (pool " << o.pool
                  << ")\n";
        return exit_code;
    }
    ctx.err() << "tapeloom-cli: warning: the catalog backup after this job "
              << (r ? "ended " + r->status + (r->error.empty() ? "" : ": " + r->error)
                    : "could not start: " + r.error().message)
              << "; run tapeloom-cli catalog backup\n";
    return exit_code == kOk ? kWarnings : exit_code;
}

void add_catalog_commands(Registry& r) {
    r.push_back({{"catalog", "backup"},
                 "[--pool P] [--library NAME]",
                 "back the catalog up to tape as a backup job named catalog (PostgreSQL: "
                 "pg_dump's archive)",
                 {"pool", "library"},
                 {},
                 catalog_backup});
    r.push_back({{"catalog", "after-jobs"},
                 "[on|off] [--pool P]",
                 "show or set whether every backup job is followed by a catalog backup",
                 {"pool"},
                 {},
                 catalog_after_jobs});
    r.push_back({{"catalog", "use"},
                 "URL|sqlite",
                 "keep the catalog in the PostgreSQL database of URL (or back in catalog.db)",
                 {},
                 {},
                 catalog_use});
    r.push_back({{"catalog", "migrate"},
                 "--to URL|FILE",
                 "copy the whole catalog to an empty PostgreSQL database (or a new SQLite file) "
                 "and check it; the source is left as it is",
                 {"to"},
                 {},
                 catalog_migrate});
    r.push_back({{"recover-catalog"},
                 "--volume BARCODE [--library NAME] [--force]",
                 "restore the newest catalog backup found on a volume (a PostgreSQL catalog: into "
                 "the empty database of --catalog URL), then scan the library",
                 {"volume", "library"},
                 {"force"},
                 recover_catalog});
}

} // namespace tl::cli
