#include "job/catalog_recovery.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <functional>
#include <optional>
#include <system_error>

#include "catalog/catalog_file.h"
#include "catalog/catalog_location.h"
#include "catalog/db.h"
#include "catalog/job_writes.h"
#include "catalog/pg_conn.h"
#include "catalog/pg_schema.h"
#include "catalog/pg_tools.h"
#include "catalog/schema.h"
#include "common/home.h"
#include "common/log.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "job/catalog_backup.h"
#include "job/engine_start.h"
#include "job/restore_job.h"

namespace tl::media {

namespace fs = std::filesystem;

namespace {

const char* const kSideFiles[] = {"", "-wal", "-shm"};

std::string stamp(Clock& clock) {
    const std::time_t t = std::chrono::system_clock::to_time_t(clock.wall());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
    return buf;
}

// Renames the catalog and its -wal/-shm files to `to` (+ the same suffixes).
Status move_catalog(const std::string& from, const std::string& to) {
    for (const char* side : kSideFiles) {
        std::error_code ec;
        const std::string src = from + side;
        if (!fs::exists(src, ec)) continue;
        fs::rename(src, to + side, ec);
        if (ec)
            return make_error(ErrorKind::Io,
                              "cannot rename " + src + " to " + to + side + ": " + ec.message());
    }
    return {};
}

// Removes a catalog this recovery created itself (never one the user had).
Status remove_own_catalog(const std::string& path) {
    for (const char* side : kSideFiles) {
        std::error_code ec;
        fs::remove(path + side, ec);
        if (ec)
            return make_error(ErrorKind::Io, "cannot remove " + path + side + ": " + ec.message());
    }
    return {};
}

// The first regular file below `dir` (a restore of one SQLite save set writes exactly one).
std::optional<std::string> first_file(const std::string& dir) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec)) return it->path().string();
    return std::nullopt;
}

// The snapshot was taken while the catalog backup job (and maybe others) ran: their rows are
// half written. They are dropped so that the scan after the install rebuilds them from tape.
Status drop_unfinished(catalog::Db& db) {
    auto n = catalog::count_unfinished_jobs(db);
    if (!n) return n.error();
    if (n.value() > 0) {
        TL_TRY(catalog::delete_unfinished_jobs(db));
        log::get("job")->info("recovered catalog: {} job(s) running at the catalog backup "
                              "dropped; the scan adds them back from tape",
                              n.value());
    }
    return {};
}

Status drop_running_jobs(const std::string& path) {
    auto db = catalog::Db::open(path, false);
    if (!db) return db.error();
    TL_TRY(drop_unfinished(db.value()));
    return catalog::checkpoint_truncate(db.value());
}

// The working state of a recovery before the swap: undone on failure.
class Attempt {
public:
    Attempt(std::string path, std::string aside)
        : path_(std::move(path)), aside_(std::move(aside)) {}
    // The engine created a working catalog at path_ (ours to remove on failure).
    void created() { created_ = true; }
    // Removes the working catalog (only if ours) and puts the user's catalog back.
    Status undo() {
        if (created_) TL_TRY(remove_own_catalog(path_));
        if (aside_.empty()) return {};
        std::error_code ec;
        if (fs::exists(path_, ec))
            return make_error(ErrorKind::Busy, path_ +
                                                   " was created meanwhile by another "
                                                   "process; the previous catalog stays at " +
                                                   aside_);
        return move_catalog(aside_, path_);
    }

private:
    std::string path_, aside_;
    bool created_ = false;
};

// Wraps an error after undoing; an undo that fails is named too (never swallowed).
Error failed(Attempt& attempt, Error e) {
    if (auto st = attempt.undo(); !st)
        e.message += "; restoring the previous state also failed: " + st.error().message;
    return e;
}

// The catalog backup a recovery found and restored to a file of its work directory.
struct Found {
    std::string file;
    std::string session_uuid;
};

// Whether a restored candidate is usable ("" when it is, else why not).
using Acceptance = std::function<std::string(const std::string& file)>;

Error no_catalog_backup(const std::string& barcode, bool postgres) {
    return make_error(ErrorKind::NotFound,
                      "volume " + barcode + " holds no catalog backup (a save set of source " +
                          (postgres ? std::string("cmd:pg_dump --format=custom ...")
                                    : std::string("sqlite:.../catalog.db")) +
                          "); name the volume a `catalog backup` wrote to (jobs show ID --json: "
                          "volumes)");
}

// Restores the catalog backups of the working catalog, newest first, into `work` until one is
// accepted. Corrupt (naming every rejection) when none is.
Result<Found> restore_newest(Engine& engine, const RecoverOptions& options,
                             const std::vector<catalog::CatalogSaveset>& candidates,
                             const std::string& work, const Acceptance& accept,
                             RecoverReport& rep) {
    for (const auto& c : candidates) {
        const std::string to = work + "/saveset-" + std::to_string(c.saveset_id);
        job::RestoreOptions ro;
        ro.what.saveset_id = c.saveset_id;
        ro.to = to;
        ro.library = options.library;
        ro.drives = 1;
        auto r = job::run_restore(engine, ro);
        std::string why;
        std::optional<std::string> file;
        if (!r)
            why = r.error().message;
        else if (r->report.status != "completed")
            why = "restore " + r->report.status +
                  (r->report.error.empty() ? "" : ": " + r->report.error);
        else if (file = first_file(to); !file)
            why = "the restore wrote no file";
        else
            why = accept(file.value());
        if (why.empty()) {
            rep.source = c.source;
            rep.backup_time = c.started;
            return Found{file.value(), c.session_uuid};
        }
        log::get("job")->warn("catalog save set {} on {} rejected: {}", c.saveset_id,
                              options.barcode, why);
        rep.rejected.push_back("save set of " + std::to_string(c.started) + ": " + why);
    }
    std::string all;
    for (const auto& r : rep.rejected)
        all += "; " + r;
    return make_error(ErrorKind::Corrupt, "no catalog backup on volume " + options.barcode +
                                              " restores to a valid catalog" + all);
}

// The engine of the data directory being recovered, on the injected clock: it scans and
// restores, and backs up no client.
Result<std::unique_ptr<Engine>> open_engine(const RecoverOptions& options, Clock& clock) {
    EngineOptions eo;
    eo.home = options.home;
    eo.clock = &clock;
    return job::open_engine(eo, nullptr);
}

// With a working catalog (fresh, with the default library) in the data directory's catalog
// place: scans the volume and restores its newest acceptable catalog backup of the back end
// asked for into `work`. The working engine is closed on return.
Result<Found> find_catalog_backup(const RecoverOptions& options, Clock& clock, bool postgres,
                                  const std::string& work, const Acceptance& accept,
                                  RecoverReport& rep) {
    auto engine = open_engine(options, clock);
    if (!engine) return engine.error();
    auto scan = job::scan_volumes(*engine.value(), {options.barcode}, false, options.library);
    if (!scan) return scan.error();
    auto found = catalog::catalog_savesets(engine_catalog(*engine.value()));
    if (!found) return found.error();
    std::vector<catalog::CatalogSaveset> candidates;
    for (const auto& c : found.value())
        if (catalog::is_pg_dump_source(c.source) == postgres) candidates.push_back(c);
    if (candidates.empty()) return no_catalog_backup(options.barcode, postgres);
    std::error_code ec;
    fs::create_directories(work, ec);
    if (ec) return make_error(ErrorKind::Io, "cannot create " + work + ": " + ec.message());
    return restore_newest(*engine.value(), options, candidates, work, accept, rep);
}

// Phase 4 of both back ends: what was written after that catalog backup. Every volume of the
// library is scanned (known sessions are left alone), so no volume's append position is stale.
Status scan_library(const RecoverOptions& options, Clock& clock, const std::string& session_uuid,
                    RecoverReport& rep) {
    auto engine = open_engine(options, clock);
    if (!engine) return engine.error();
    auto scan = job::scan_volumes(*engine.value(), {}, true, options.library);
    if (!scan)
        return make_error(scan.error().kind,
                          "the catalog was recovered, but scanning the library failed: " +
                              scan.error().message + "; run tapeloom-cli scan --all");
    rep.scan = scan.value();
    // The catalog backup itself comes back from the scan as "rebuilt by scan": name it.
    return catalog::rename_jobs_of_session(engine_catalog(*engine.value()), session_uuid,
                                           kCatalogJobName);
}

// Phase 1 on SQLite, under the home's lock: looks at the catalog and moves it out of the way
// (kept), filling rep.previous and rep.moved_aside.
Status set_catalog_aside(const RecoverOptions& options, const std::string& path,
                         const std::string& when, RecoverReport& rep) {
    auto lock = HomeLock::acquire(options.home);
    if (!lock) return lock.error();
    const auto check = check_catalog_file(path);
    std::error_code ec;
    if (check.state == CatalogFileState::Missing) {
        rep.previous = "missing";
        // A -wal/-shm left without its database must not meet the fresh one: kept aside.
        if (fs::exists(path + "-wal", ec) || fs::exists(path + "-shm", ec))
            rep.moved_aside = path + ".broken-" + when;
    } else if (check.state == CatalogFileState::Broken) {
        rep.previous = "broken";
        rep.moved_aside = path + ".broken-" + when;
        log::get("job")->warn("catalog {} is damaged ({}); moving it to {}", path, check.problem,
                              rep.moved_aside);
    } else {
        if (check.jobs > 0 && !options.force)
            return make_error(ErrorKind::AlreadyExists,
                              "the catalog " + path + " is intact and holds " +
                                  std::to_string(check.jobs) +
                                  " job(s); recover-catalog replaces it only with --force "
                                  "(it is then kept as catalog.db.replaced-<time>)");
        rep.previous = "intact";
        rep.moved_aside = path + ".replaced-" + when;
    }
    if (!rep.moved_aside.empty()) return move_catalog(path, rep.moved_aside);
    return {};
}

// Phase 3 on SQLite, under the lock: our working catalog goes, the recovered one comes in.
Status swap_in(const RecoverOptions& options, const std::string& path, const std::string& recovered,
               const std::string& work, const RecoverReport& rep) {
    auto lock = HomeLock::acquire(options.home);
    if (!lock)
        return make_error(
            lock.error().kind,
            lock.error().message + "; the recovered catalog is at " + recovered +
                (rep.moved_aside.empty() ? "" : ", the previous one at " + rep.moved_aside));
    TL_TRY(remove_own_catalog(path));
    std::error_code ec;
    fs::rename(recovered, path, ec);
    if (ec)
        return make_error(ErrorKind::Io, "cannot move the recovered catalog " + recovered + " to " +
                                             path + ": " + ec.message());
    fs::remove_all(work, ec);
    if (ec) log::get("job")->warn("cannot remove the work directory {}: {}", work, ec.message());
    return {};
}

Result<RecoverReport> recover_sqlite(const RecoverOptions& options, Clock& clock,
                                     const std::string& when, RecoverReport rep) {
    const std::string path = options.home + "/catalog.db";
    const std::string work = options.home + "/recover-catalog-" + when;
    rep.catalog_path = path;
    TL_TRY(set_catalog_aside(options, path, when, rep));
    Attempt attempt(path, rep.moved_aside);
    std::error_code ec;
    if (fs::exists(path, ec))
        return failed(attempt, make_error(ErrorKind::Busy, path + " appeared while recovering: "
                                                                  "another process uses this "
                                                                  "data directory"));
    attempt.created(); // whatever job::open_engine leaves at `path` from here on is ours
    const Acceptance usable = [](const std::string& file) {
        auto check = check_catalog_file(file);
        return check.state == CatalogFileState::Usable ? std::string() : check.problem;
    };
    auto found = find_catalog_backup(options, clock, false, work, usable, rep);
    Status ready = found ? drop_running_jobs(found->file) : Status(found.error());
    if (!ready) {
        auto e = failed(attempt, ready.error());
        fs::remove_all(work, ec);
        return e;
    }
    TL_TRY(swap_in(options, path, found->file, work, rep));
    log::get("job")->info("catalog {} recovered from the catalog backup of {} on volume {}", path,
                          rep.backup_time, options.barcode);
    TL_TRY(scan_library(options, clock, found->session_uuid, rep));
    return rep;
}

// Phase 1 on PostgreSQL: pg_restore is there and the database of `url` is empty.
Status check_empty_target(const std::string& url) {
    if (auto program = catalog::find_pg_program("pg_restore"); !program) return program.error();
    auto db = catalog::Db::open(url, false);
    if (!db) return db.error();
    auto version = catalog::pg_stored_schema_version(db.value());
    if (!version) {
        auto e = version.error();
        if (e.kind == ErrorKind::Foreign)
            e.message = "the database " + db->name() +
                        " holds tables of its own; recover-catalog restores into an empty "
                        "database only: create one (createdb -O USER NAME) and name it with "
                        "--catalog URL";
        return e;
    }
    if (version.value() != 0)
        return make_error(ErrorKind::AlreadyExists,
                          "the database " + db->name() +
                              " already holds a Tapeloom catalog "
                              "(schema version " +
                              std::to_string(version.value()) +
                              "); recover-catalog restores into an empty database only: create "
                              "one (createdb -O USER NAME) and name it with --catalog URL");
    return {};
}

// Drops the working catalog of a PostgreSQL recovery, so the database is empty again.
Status empty_target(const std::string& url) {
    auto db = catalog::Db::open(url, false);
    if (!db) return db.error();
    return catalog::pg_drop_catalog(db.value());
}

// Phase 3 on PostgreSQL: the working catalog goes, pg_restore brings the archive in (one
// transaction), the jobs running at the dump are dropped for the scan to rebuild.
Status restore_into_target(const std::string& url, const std::string& archive) {
    TL_TRY(empty_target(url));
    TL_TRY(catalog::pg_restore_archive(url, archive));
    auto db = catalog::Db::open(url, false);
    if (!db) return db.error();
    auto version = catalog::pg_stored_schema_version(db.value());
    if (!version) return version.error();
    return drop_unfinished(db.value());
}

Result<RecoverReport> recover_postgres(const RecoverOptions& options, Clock& clock,
                                       const std::string& url, const std::string& when,
                                       RecoverReport rep) {
    rep.catalog_path = catalog::catalog_display_name(url);
    rep.previous = "empty";
    TL_TRY(check_empty_target(url));
    const std::string work = options.home + "/recover-catalog-" + when;
    const Acceptance archive = [](const std::string& file) {
        auto st = catalog::check_pg_archive(file);
        return st ? std::string() : st.error().message;
    };
    auto found = find_catalog_backup(options, clock, true, work, archive, rep);
    Status st = found ? restore_into_target(url, found->file) : Status(found.error());
    std::error_code ec;
    fs::remove_all(work, ec);
    if (!st) {
        auto e = st.error();
        if (auto undo = empty_target(url); !undo)
            e.message += "; emptying the database again also failed: " + undo.error().message;
        return e;
    }
    log::get("job")->info("catalog {} recovered from the catalog backup of {} on volume {}",
                          rep.catalog_path, rep.backup_time, options.barcode);
    TL_TRY(scan_library(options, clock, found->session_uuid, rep));
    return rep;
}

} // namespace

CatalogCheck check_catalog_file(const std::string& path) {
    CatalogCheck c;
    std::error_code ec;
    if (!fs::exists(path, ec)) return c;
    c.state = CatalogFileState::Broken;
    catalog::CatalogFileProbe probe(path);
    if (!probe.open_error().empty()) {
        c.problem = probe.open_error();
        return c;
    }
    std::string v;
    if (!probe.integrity_check(v) || v != "ok") {
        c.problem = "integrity check: " + v;
    } else if (!probe.application_id(v) || std::stoll(v) != catalog::kApplicationId) {
        c.problem = "not a Tapeloom catalog (application id " + v + ")";
    } else if (!probe.user_version(v)) {
        c.problem = v;
    } else if ((c.schema_version = std::stoi(v)) > catalog::schema_version()) {
        c.problem = "schema version " + v + " is newer than this build's (" +
                    std::to_string(catalog::schema_version()) + "); use a newer Tapeloom";
    } else if (!probe.job_count(v)) {
        c.problem = "no jobs table: " + v;
    } else {
        c.jobs = std::stoll(v);
        c.state = CatalogFileState::Usable;
    }
    return c;
}

Result<RecoverReport> recover_catalog(const RecoverOptions& options) {
    SystemClock system_clock;
    Clock& clock = options.clock ? *options.clock : system_clock;
    if (options.barcode.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "name the volume holding the catalog backup (--volume BARCODE)");
    RecoverReport rep;
    rep.barcode = options.barcode;
    const std::string location = catalog::catalog_location(options.home);
    if (catalog::is_postgres_url(location))
        return recover_postgres(options, clock, location, stamp(clock), std::move(rep));
    return recover_sqlite(options, clock, stamp(clock), std::move(rep));
}

} // namespace tl::media
