#include "job/clone_plan.h"

#include <algorithm>

#include "context/engine_catalog.h"
#include "job/clone_job.h"
#include "job/job_reservation.h"
#include "job/job_volumes.h"
#include "job/volume_manager.h"
#include "media/missing_volumes.h"

namespace tl::media {

namespace {
using Original = catalog::OriginalSaveset;

Status check_source_job(catalog::Db& db, ClonePlan& plan) {
    const std::string job = "job " + std::to_string(plan.job_id);
    auto row = catalog::clone_source_job(db, plan.job_id);
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound,
                          job + " does not exist (see tapeloom-cli jobs list)");
    const auto& j = *row.value();
    if (j.kind != "backup")
        return make_error(ErrorKind::InvalidArgument,
                          job + " is a " + j.kind + " job; only backup jobs are cloned");
    if (j.status == "running" || j.status == "waiting")
        return make_error(ErrorKind::Busy, job + " is still running; clone it once it ended");
    plan.job_pool = j.pool_id;
    plan.job_pool_name = j.pool;
    plan.job_started = j.started;
    return {};
}

Result<std::vector<Original>> originals_of(catalog::Db& db, const CloneOptions& o) {
    auto rows = catalog::original_savesets(db, o.job_id);
    if (!rows) return rows.error();
    auto& all = rows.value();
    if (o.savesets.empty()) {
        if (all.empty())
            return make_error(ErrorKind::NotFound,
                              "job " + std::to_string(o.job_id) + " has no save sets to clone");
        return all;
    }
    std::vector<Original> chosen;
    for (const auto id : o.savesets) {
        auto it =
            std::find_if(all.begin(), all.end(), [id](const Original& s) { return s.id == id; });
        if (it == all.end())
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(id) + " is not a save set of job " +
                                  std::to_string(o.job_id) + " (see tapeloom-cli jobs show " +
                                  std::to_string(o.job_id) + ")");
        if (std::none_of(chosen.begin(), chosen.end(),
                         [id](const Original& s) { return s.id == id; }))
            chosen.push_back(*it);
    }
    return chosen;
}

// Refusals checked before anything is written: the same pool, copies already there.
Status check_target(catalog::Db& db, const std::vector<Original>& chosen, const ClonePlan& plan) {
    const Pool& pool = plan.pool;
    if (plan.job_pool == pool.id)
        return make_error(ErrorKind::InvalidArgument,
                          "clone to the same pool: job " + std::to_string(plan.job_id) +
                              " is in pool " + plan.job_pool_name +
                              "; a copy must go to volumes of another pool (e.g. an off-site "
                              "pool: tapeloom-cli pool add Offsite); nothing was changed");
    for (const auto& s : chosen) {
        auto in_pool = catalog::saveset_in_pool(db, s.id, pool.id);
        if (!in_pool) return in_pool.error();
        if (!in_pool.value()) continue;
        const auto& barcode = in_pool.value()->barcode;
        const std::string what = "save set " + std::to_string(s.id) + " (" + s.source + ")";
        if (!in_pool.value()->is_copy)
            return make_error(ErrorKind::InvalidArgument, "clone to the same pool: " + what +
                                                              " is on volume " + barcode +
                                                              " of pool " + pool.name +
                                                              "; choose another pool; nothing was "
                                                              "changed");
        return make_error(ErrorKind::AlreadyExists, what + " already has a copy in pool " +
                                                        pool.name + " (volume " + barcode +
                                                        "); nothing was changed");
    }
    return {};
}

// For the whole job (no save sets named): the save sets without a finished copy in the pool, so
// a clone run again after an interruption copies what is missing. Empty when every one has one.
Result<std::vector<Original>> without_copies(catalog::Db& db, const std::vector<Original>& chosen,
                                             const Pool& pool) {
    std::vector<Original> missing;
    for (const auto& s : chosen) {
        auto has = catalog::has_copy_in_pool(db, s.id, pool.id);
        if (!has) return has.error();
        if (!has.value()) missing.push_back(s);
    }
    return missing;
}

// The save sets to copy: the ones named, else those of the job without a finished copy in the
// pool; refused (check_target) when they are in the pool already.
Result<std::vector<Original>> chosen_originals(catalog::Db& db, const ClonePlan& plan,
                                               const CloneOptions& o) {
    auto chosen = originals_of(db, o);
    if (!chosen) return chosen.error();
    if (o.savesets.empty()) {
        auto missing = without_copies(db, chosen.value(), plan.pool);
        if (!missing) return missing.error();
        if (!missing->empty()) chosen = std::move(missing.value()); // else check_target refuses
    }
    TL_TRY(check_target(db, chosen.value(), plan));
    return chosen;
}

std::set<std::uint32_t> block_sizes_of(const std::vector<Original>& originals) {
    std::set<std::uint32_t> out;
    for (const auto& s : originals)
        out.insert(s.block_size);
    return out;
}

// The originals' volumes are all in the library the clone reads and writes in: refused before
// a copy is begun otherwise (a clone moves no cartridge between libraries).
Status check_originals_present(catalog::Db& db, device::Library& lib,
                               const std::vector<Original>& chosen) {
    std::vector<std::string> needed;
    for (const auto& o : chosen) {
        auto vols = catalog::saveset_volumes(db, o.id);
        if (!vols) return vols.error();
        for (const auto& v : vols.value())
            needed.push_back(v.barcode);
    }
    auto st = require_volumes_in(db, lib, needed, "the original's volume(s)");
    if (!st) return make_error(st.error().kind, st.error().message + "; nothing was changed");
    return {};
}

// Per block size of the originals, a volume the copy can be written to: the backup's rule
// (job::VolumeManager), blank cartridges included when the pool auto-labels.
Status check_volumes(catalog::Db& db, const Pool& pool, device::Library& lib,
                     const std::set<std::uint32_t>& block_sizes) {
    for (const auto bs : block_sizes) {
        auto ok = job::VolumeManager::can_supply(lib, db, pool, bs);
        if (!ok) return ok.error();
        if (ok.value()) continue;
        return make_error(
            ErrorKind::NoSpace,
            "pool " + pool.name + " has no usable volume in library " + lib.name() +
                " (appendable or recyclable, block size " + std::to_string(bs) + " B" +
                (pool.auto_label ? ", and no blank cartridge" : "; it does not auto-label") +
                "); label volumes into it first: tapeloom-cli volume label --barcode B --pool " +
                pool.name + " (or --all-blank --pool " + pool.name + "); nothing was changed");
    }
    return {};
}
} // namespace

Result<ClonePlan> plan_clone(Engine& engine, const CloneOptions& o) {
    auto& db = engine_catalog(engine);
    ClonePlan plan;
    plan.job_id = o.job_id;
    TL_TRY(check_source_job(db, plan));
    auto pool = find_pool(db, o.pool);
    if (!pool) return pool.error();
    plan.pool = pool.value();
    // --library, else the library holding the job's volumes (the copy is written there too).
    auto originals_on = job::job_volumes(db, {o.job_id});
    if (!originals_on) return originals_on.error();
    plan.original_volumes = originals_on.value();
    auto lib = device::open_library_holding(db, engine.home(), o.library, plan.original_volumes,
                                            engine.clock());
    if (!lib) return lib.error();
    plan.library = job::shared_robot(engine, std::move(lib.value()));
    if (plan.library->drive_count() < 2)
        return make_error(ErrorKind::InvalidArgument,
                          "cloning reads the original with one drive and writes the copy with "
                          "another; library " +
                              plan.library->name() + " has only one drive");
    // Refused before the clone's row is written: a refusal records no failed job. Asked again
    // once the drives are reserved (choose_sessions), for a clone that ran meanwhile.
    auto chosen = chosen_originals(db, plan, o);
    if (!chosen) return chosen.error();
    TL_TRY(check_originals_present(db, *plan.library, chosen.value()));
    TL_TRY(check_volumes(db, plan.pool, *plan.library, block_sizes_of(chosen.value())));
    return plan;
}

Result<std::vector<SessionToCopy>> choose_sessions(Engine& engine, const ClonePlan& plan,
                                                   const CloneOptions& o) {
    auto& db = engine_catalog(engine);
    auto chosen = chosen_originals(db, plan, o);
    if (!chosen) return chosen.error();
    std::map<std::int64_t, std::vector<Original>> by_session;
    std::set<std::uint32_t> block_sizes;
    for (const auto& s : chosen.value()) {
        by_session[s.session_id].push_back(s);
        block_sizes.insert(s.block_size);
    }
    std::vector<SessionToCopy> out;
    for (auto& [session, originals] : by_session) {
        auto sealing = plan_sealing(db, engine.home(), session, plan.pool.id, o.reencrypt);
        if (!sealing) return sealing.error();
        out.push_back({session, std::move(originals), std::move(sealing.value())});
    }
    TL_TRY(check_volumes(db, plan.pool, *plan.library, block_sizes));
    return out;
}

} // namespace tl::media
