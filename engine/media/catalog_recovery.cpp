#include "media/catalog_recovery.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <optional>
#include <system_error>

#include "api/engine.h"
#include "api/engine_catalog.h"
#include "catalog/catalog_file.h"
#include "catalog/db.h"
#include "catalog/job_writes.h"
#include "catalog/schema.h"
#include "common/home.h"
#include "common/log.h"
#include "job/restore_job.h"
#include "media/catalog_backup.h"

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
Status drop_running_jobs(const std::string& path) {
    auto db = catalog::Db::open(path, false);
    if (!db) return db.error();
    auto n = catalog::count_unfinished_jobs(db.value());
    if (!n) return n.error();
    if (n.value() > 0) {
        TL_TRY(catalog::delete_unfinished_jobs(db.value()));
        log::get("job")->info("recovered catalog: {} job(s) running at the catalog backup "
                              "dropped; the scan adds them back from tape",
                              n.value());
    }
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
    auto log = log::get("job");
    SystemClock system_clock;
    Clock& clock = options.clock ? *options.clock : system_clock;
    if (options.barcode.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "name the volume holding the catalog backup (--volume BARCODE)");
    RecoverReport rep;
    rep.barcode = options.barcode;
    const std::string path = options.home + "/catalog.db";
    rep.catalog_path = path;
    const std::string when = stamp(clock);
    const std::string work = options.home + "/recover-catalog-" + when;

    // 1. Under the home's lock: look at the catalog and move it out of the way (kept).
    {
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
            log->warn("catalog {} is damaged ({}); moving it to {}", path, check.problem,
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
        if (!rep.moved_aside.empty()) TL_TRY(move_catalog(path, rep.moved_aside));
    }
    Attempt attempt(path, rep.moved_aside);

    // 2. A working catalog (fresh, with the default library) to scan the volume into and to
    //    restore the catalog save set with.
    std::string recovered;
    std::string session_uuid;
    {
        EngineOptions eo;
        eo.home = options.home;
        eo.clock = &clock;
        std::error_code ec;
        if (fs::exists(path, ec))
            return failed(attempt,
                          make_error(ErrorKind::Busy, path + " appeared while recovering: another "
                                                             "process uses this data directory"));
        attempt.created(); // whatever Engine::open leaves at `path` from here on is ours
        auto engine = Engine::open(eo);
        if (!engine) return failed(attempt, engine.error());
        auto scan = job::scan_volumes(*engine.value(), {options.barcode}, false, options.library);
        if (!scan) {
            engine.value().reset();
            return failed(attempt, scan.error());
        }
        auto found = catalog::catalog_savesets(engine_catalog(*engine.value()));
        if (!found || found->empty()) {
            engine.value().reset();
            if (!found) return failed(attempt, found.error());
            return failed(attempt,
                          make_error(ErrorKind::NotFound,
                                     "volume " + options.barcode +
                                         " holds no catalog backup (a save set of source "
                                         "sqlite:.../catalog.db); name the volume a `catalog "
                                         "backup` wrote to (jobs show ID --json: volumes)"));
        }
        fs::create_directories(work, ec);
        if (ec) {
            engine.value().reset();
            return failed(attempt,
                          make_error(ErrorKind::Io, "cannot create " + work + ": " + ec.message()));
        }
        for (const auto& c : found.value()) {
            const std::string to = work + "/saveset-" + std::to_string(c.saveset_id);
            job::RestoreOptions ro;
            ro.what.saveset_id = c.saveset_id;
            ro.to = to;
            ro.library = options.library;
            ro.drives = 1;
            auto r = job::run_restore(*engine.value(), ro);
            std::string why;
            if (!r) {
                why = r.error().message;
            } else if (r->report.status != "completed") {
                why = "restore " + r->report.status +
                      (r->report.error.empty() ? "" : ": " + r->report.error);
            } else if (auto file = first_file(to); !file) {
                why = "the restore wrote no file";
            } else if (auto check = check_catalog_file(file.value());
                       check.state != CatalogFileState::Usable) {
                why = check.problem;
            } else {
                recovered = file.value();
                session_uuid = c.session_uuid;
                rep.source = c.source;
                rep.backup_time = c.started;
                break;
            }
            log->warn("catalog save set {} on {} rejected: {}", c.saveset_id, options.barcode, why);
            rep.rejected.push_back("save set of " + std::to_string(c.started) + ": " + why);
        }
        engine.value().reset(); // closes the working catalog, releases the lock
        if (recovered.empty()) {
            std::string all;
            for (const auto& r : rep.rejected)
                all += "; " + r;
            auto e =
                make_error(ErrorKind::Corrupt, "no catalog backup on volume " + options.barcode +
                                                   " restores to a valid catalog" + all);
            e = failed(attempt, e);
            fs::remove_all(work, ec);
            return e;
        }
        if (auto st = drop_running_jobs(recovered); !st) {
            auto e = failed(attempt, st.error());
            fs::remove_all(work, ec);
            return e;
        }
    }

    // 3. The swap, under the lock: our working catalog goes, the recovered one comes in.
    {
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
            return make_error(ErrorKind::Io, "cannot move the recovered catalog " + recovered +
                                                 " to " + path + ": " + ec.message());
        fs::remove_all(work, ec);
        if (ec) log->warn("cannot remove the work directory {}: {}", work, ec.message());
    }
    log->info("catalog {} recovered from the catalog backup of {} on volume {}", path,
              rep.backup_time, options.barcode);

    // 4. What was written after that catalog backup: every volume of the library is scanned
    //    (known sessions are left alone), so no volume's append position is stale.
    EngineOptions eo;
    eo.home = options.home;
    eo.clock = &clock;
    auto engine = Engine::open(eo);
    if (!engine) return engine.error();
    auto scan = job::scan_volumes(*engine.value(), {}, true, options.library);
    if (!scan)
        return make_error(scan.error().kind,
                          "the catalog was recovered, but scanning the library failed: " +
                              scan.error().message + "; run tapeloom-cli scan --all");
    rep.scan = scan.value();
    // The catalog backup itself comes back from the scan as "rebuilt by scan": name it.
    TL_TRY(catalog::rename_jobs_of_session(engine_catalog(*engine.value()), session_uuid,
                                           kCatalogJobName));
    return rep;
}

} // namespace tl::media
