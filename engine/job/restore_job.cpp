#include "job/restore_job.h"

#include "common/thread_name.h"
#include "context/engine_catalog.h"
#include "job/job_reservation.h"
#include "job/restore_outcome.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <unistd.h>

#include "catalog/entry_store.h"
#include "catalog/job_writer.h"
#include "catalog/saveset_store.h"
#include "catalog/session_store.h"
#include "common/log.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "job/backup_encryption.h"
#include "job/clone_copies.h"
#include "job/hardlink_sources.h"
#include "job/job_context.h"
#include "job/job_record.h"
#include "job/job_volumes.h"
#include "job/restore_shares.h"
#include "job/staged_dirs.h"
#include "job/write_pool.h"
#include "job/writeback.h"
#include "media/missing_volumes.h"
#include "metrics/process_stat.h"
#include "metrics/sustained_rate.h"

namespace tl::job {

namespace {
constexpr double kAssumedRate = 100e6; // bytes/s when no past job measured the drives

struct Run {
    std::uint64_t from = 0, to = 0;
    ReadHint hint;
};

// Contiguous runs of selected files in stream order: one positioned read each.
std::vector<Run> runs_of(const SelectedSaveset& s) {
    std::vector<Run> out;
    for (const auto& f : s.files) {
        if (!out.empty() && out.back().to == f.offset) {
            out.back().to = f.end;
            continue;
        }
        out.push_back({f.offset, f.end, {f.volume_id, f.file_number, f.block}});
    }
    return out;
}

// Where a save set's objects go below the restore root.
std::string prefix_for(const SelectedSaveset& s) {
    std::string src = s.source;
    if (s.kind == "cmd") return "cmd-" + std::to_string(s.saveset_id);
    for (const char* p : {"raw:", "sqlite:"}) // the source as typed names its kind
        if (src.rfind(p, 0) == 0) src = src.substr(std::strlen(p));
    bool tree = false;
    for (const auto& f : s.files)
        tree |= f.path.empty() || f.path.find('/') != std::string::npos;
    if (s.kind == "files" && !tree) {
        // A single-file source: its object is named after the file, so go to the parent.
        const auto slash = src.find_last_of('/');
        const std::string base = slash == std::string::npos ? src : src.substr(slash + 1);
        bool single = !s.files.empty();
        for (const auto& f : s.files)
            single &= f.path == base;
        if (!single) tree = true;
    }
    if (s.kind != "files" || !tree) {
        const auto slash = src.find_last_of('/');
        src = slash == std::string::npos ? "" : src.substr(0, slash);
    }
    while (!src.empty() && src.front() == '/')
        src.erase(src.begin());
    return src;
}

// A restored path as RestoreWriter names it: the prefix's and the object's components.
std::string written_path(const std::string& prefix, const std::string& path) {
    std::string out;
    for (const auto* part : {&prefix, &path}) {
        std::size_t i = 0;
        while (i <= part->size()) {
            const auto j = std::min(part->find('/', i), part->size());
            const std::string c = part->substr(i, j - i);
            if (!c.empty() && c != ".") out += (out.empty() ? "" : "/") + c;
            i = j + 1;
        }
    }
    return out;
}

// Names by the catalog what a writer could only report by stream offset (its header was never
// read: a damaged block, a lost volume), so every file not restored is named by its path.
class CatalogNames {
public:
    explicit CatalogNames(const SelectedSaveset& s) : set_(s) {}
    std::string operator()(const std::string& reported) {
        static const std::string kUnseen = "(object at stream offset ";
        if (reported.rfind(kUnseen, 0) != 0) return reported;
        if (paths_.empty())
            for (const auto& f : set_.files)
                paths_.emplace(f.offset, &f.path);
        const auto it = paths_.find(std::strtoull(reported.c_str() + kUnseen.size(), nullptr, 10));
        return it == paths_.end() ? reported : written_path(prefix_for(set_), *it->second);
    }

private:
    const SelectedSaveset& set_;
    std::map<std::uint64_t, const std::string*> paths_;
};

// A usable copy of a save set other than the one read, on none of the damaged volumes.
const media::SavesetCopy* other_copy(const std::vector<media::SavesetCopy>& copies,
                                     std::int64_t read, const std::set<std::string>& bad_volumes) {
    for (const auto& c : copies) {
        if (c.saveset_id == read || !media::copy_usable(c)) continue;
        if (std::none_of(c.volumes.begin(), c.volumes.end(), [&](const media::CopyVolume& v) {
                return bad_volumes.count(v.barcode) > 0;
            }))
            return &c;
    }
    return nullptr;
}

// A damaged block on the copy a restore read: the files it spoiled are read again from another
// usable copy of their save set (a clone, or the original; docs/media.md "Cloning"). The new
// writers join `writers`; `superseded` gets the (writer, path) failures they made good.
void read_again_from_copies(catalog::Db& db, device::Library& lib, const std::string& home,
                            Reservation& grant, const std::string& target,
                            std::vector<std::unique_ptr<RestoreWriter>>& writers,
                            std::vector<const SelectedSaveset*>& sets, RestoreResult& res,
                            std::set<std::pair<std::size_t, std::string>>& superseded,
                            std::vector<std::string>& notes,
                            const std::shared_ptr<StagedDirs>& staged) {
    std::set<std::string> bad_volumes;
    for (const auto& b : res.bad_blocks)
        bad_volumes.insert(b.volume);
    auto present = lib.barcodes();
    if (bad_volumes.empty() || !present) return;
    const std::size_t n = writers.size();
    for (std::size_t i = 0; i < n && i < sets.size(); ++i) {
        const SelectedSaveset& s = *sets[i];
        std::set<std::string> failed;
        for (const auto& oc : writers[i]->outcomes())
            if (oc.status == "failed") failed.insert(oc.path);
        if (failed.empty()) continue;
        auto copies = media::copies_of(db, s.saveset_id, present.value());
        if (!copies) continue;
        const media::SavesetCopy* other = other_copy(copies.value(), s.reading(), bad_volumes);
        if (!other) continue;
        const std::string prefix = prefix_for(s);
        std::vector<std::uint64_t> wanted;
        // The failures to make good: (written path, the failed outcome's path).
        std::vector<std::pair<std::string, std::string>> failure_of;
        std::vector<const SelectedFile*> files;
        for (const auto& f : s.files) {
            std::string path = written_path(prefix, f.path);
            std::string unseen = "(object at stream offset " + std::to_string(f.offset) + ")";
            if (failed.count(path))
                failure_of.emplace_back(path, path);
            else if (failed.count(unseen))
                failure_of.emplace_back(std::move(path), std::move(unseen));
            else
                continue;
            wanted.push_back(f.offset);
            files.push_back(&f);
        }
        if (files.empty()) continue;
        RestoreWriterOptions wo;
        wo.policy = ExistingPolicy::Overwrite;
        wo.staged = staged;
        auto w = RestoreWriter::open(target, wo);
        if (!w || !w.value()->begin_saveset(prefix, wanted)) continue;
        RestoreWriter* wp = w.value().get();
        // The copy's volumes are reserved too; one another job holds is not read now.
        bool free = true;
        for (const auto& v : other->volumes)
            free = free && grant.try_add_volume(v.barcode);
        if (!free) continue;
        const std::size_t drive = grant.drives().front();
        SavesetReader reader(lib, db, drive, home);
        for (const auto* f : files)
            if (!reader.read(
                    other->saveset_id, *wp, f->offset, f->end, {},
                    [&](const BadBlock& b) { res.bad_blocks.push_back(b); },
                    [wp](const std::string&, const std::string& why) { wp->fail_current(why); }))
                break;
        wp->end_saveset();
        if (lib.drive(drive).is_open()) (void)lib.drive(drive).close();
        // A file the copy's writer did not report (as failed or skipped) came back.
        std::set<std::string> still_bad;
        for (const auto& oc : wp->outcomes())
            still_bad.insert(oc.path);
        std::size_t good = 0;
        for (std::size_t k = 0; k < files.size(); ++k) {
            const std::string unseen =
                "(object at stream offset " + std::to_string(files[k]->offset) + ")";
            if (still_bad.count(failure_of[k].first) || still_bad.count(unseen)) continue;
            superseded.insert({i, failure_of[k].second});
            ++good;
        }
        std::string vols;
        for (const auto& v : other->volumes)
            vols += (vols.empty() ? "" : ", ") + v.barcode;
        notes.push_back(std::to_string(good) + " of " + std::to_string(files.size()) +
                        " file(s) of save set " + std::to_string(s.saveset_id) +
                        " damaged on the volume read were read again from its copy on " + vols);
        for (const auto& v : other->volumes)
            res.read.volumes.push_back(v.barcode);
        res.read.blocks_read += reader.stats().blocks_read;
        res.read.bytes_read += reader.stats().bytes_read;
        writers.push_back(std::move(w.value()));
        sets.push_back(&s);
    }
}

// The library named by --library, else the one holding the selection's volumes.
Result<std::unique_ptr<device::Library>>
open_restore_library(Engine& engine, const RestoreOptions& o, const Selection& sel) {
    std::vector<std::int64_t> jobs;
    for (const auto& s : sel.savesets)
        jobs.push_back(s.job_id);
    auto volumes = job_volumes(engine_catalog(engine), jobs);
    if (!volumes) return volumes.error();
    return device::open_library_holding(engine_catalog(engine), engine.home(), o.library,
                                        volumes.value(), engine.clock());
}

// Where the parents a restore creates for its files get their metadata: the newest save set of
// the selection that holds that directory (the catalog keeps mode, owner and mtime). Used on the
// thread that finishes the writers.
DirectoryLookup directory_lookup(catalog::Db& db, const Selection& sel) {
    std::vector<std::int64_t> ids;
    for (auto it = sel.savesets.rbegin(); it != sel.savesets.rend(); ++it)
        ids.push_back(it->saveset_id);
    return [&db, ids](const std::string& path) -> std::optional<format::ObjectHeader> {
        const auto slash = path.find_last_of('/');
        const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash);
        const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
        auto a = catalog::entry_attrs(db, ids, dir, name,
                                      static_cast<int>(format::ObjectKind::Directory));
        if (a && a.value()) {
            format::ObjectHeader h;
            h.kind = format::ObjectKind::Directory;
            h.path = path;
            h.mode = a.value()->mode;
            h.uid = a.value()->uid;
            h.gid = a.value()->gid;
            h.mtime_ns = h.atime_ns = a.value()->mtime_ns;
            return h;
        }
        return std::nullopt;
    };
}

// The reading side (read, CRC, parse, hash) keeps a core busy: the lanes get the others. On a
// 2-core machine the reading threads write their files themselves (0 lanes): a lane there gave
// the same wall time for 0.2-0.4 CPU s more per 200,000 files (the hand-off, and each file's
// bytes copied once more and written from another core's cache); a second lane only added
// contention in the filesystem. With --sync file each file waits for its fsync: lanes pay.
std::size_t default_writer_threads(SyncMode sync) {
    const std::size_t cpus = std::max(1u, std::thread::hardware_concurrency());
    if (sync == SyncMode::File) return std::clamp<std::size_t>(cpus, 2, 4);
    return cpus <= 2 ? 0 : std::min<std::size_t>(cpus - 1, 4);
}

std::unique_ptr<WritePool> make_pool(std::size_t lanes) {
    return lanes ? std::make_unique<WritePool>(lanes) : nullptr;
}

double past_rate(catalog::Db& db, bool& measured) {
    auto rate = catalog::recent_backup_rate(db);
    measured = rate && rate.value();
    return measured ? *rate.value() : kAssumedRate;
}
} // namespace

namespace {
// The library's drive model (docs/devices.md "Drive models"), none for a library without one.
Result<std::optional<device::TapeTiming>> library_timing(catalog::Db& db, device::Library& lib) {
    auto cfg = device::find_library(db, lib.name());
    if (!cfg || !cfg->config.is_object() || !cfg->config.contains("model"))
        return std::optional<device::TapeTiming>{};
    auto c = device::timing_config(cfg->config["model"]);
    if (!c) return c.error();
    return std::optional<device::TapeTiming>(device::TapeTiming(c.value()));
}

// Under a drive model, the plan's passes, locates and time per volume, from the reads as the
// drives will make them (one drive per unit of sessions, up to --drives or the library's).
Status estimate_with_model(catalog::Db& db, device::Library& lib, const RestoreOptions& o,
                           const Selection& sel, std::uint64_t block_size, RestorePlan& plan) {
    auto timing = library_timing(db, lib);
    if (!timing) return timing.error();
    if (!timing.value()) return {};
    auto shares = share_reads(db, sel, o.drives ? o.drives : lib.drive_count(), o.order);
    if (!shares) return shares.error();
    const auto est = estimate_reads(shares.value(), *timing.value(), block_size);
    plan.drive_model = timing.value()->type().name;
    plan.model_seconds = est.seconds;
    for (const auto& e : est.volumes)
        for (auto& v : plan.volumes)
            if (v.barcode == e.barcode) {
                v.passes = e.passes;
                v.locates = e.locates;
                v.model_seconds = e.seconds;
            }
    return {};
}

// The plan of reading `sel` from `lib`; adds the sources of hard links to `sel` and chooses the
// copy of each save set to read.
Result<RestorePlan> plan_selection(Engine& engine, device::Library& lib, Selection& sel,
                                   const RestoreOptions& o) {
    auto& db = engine_catalog(engine);
    TL_TRY(add_hardlink_sources(db, sel));
    RestorePlan plan;
    plan.files = sel.files;
    plan.bytes_wanted = sel.bytes;
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    // Which copy to read: the original, or a clone when the original is damaged or away.
    auto present = lib.barcodes();
    if (!present) return present.error();
    TL_TRY(media::assign_copies(db, sel, present.value()));
    std::map<std::string, std::string> where;
    for (const auto& d : inv->drives)
        if (d.full) where[d.barcode] = "drive " + std::to_string(d.number);
    for (const auto& s : inv->storage)
        if (s.full) where[s.barcode] = "slot " + std::to_string(s.number);
    for (const auto& m : inv->mail_slots)
        if (m.full) where[m.barcode] = "mail slot " + std::to_string(m.number);
    std::map<std::string, std::size_t> index;
    std::uint64_t block_size = 0;
    for (const auto& s : sel.savesets) {
        TL_TRY(require_saveset_key(db, engine.home(), s.reading()));
        SavesetReader reader(lib, db, 0, engine.home());
        auto ex = reader.extents(s.reading());
        if (!ex) return ex.error();
        auto bs = catalog::saveset_block_size(db, s.reading());
        if (bs && bs.value()) block_size = *bs.value();
        for (const auto& run : runs_of(s)) {
            for (const auto& e : ex.value()) {
                if (e.end_offset <= run.from || e.offset >= run.to) continue;
                std::uint32_t first = e.first_block;
                if (run.hint.volume_id == e.volume_id && run.hint.file_number == e.file_number &&
                    run.hint.block >= e.first_block && run.hint.block <= e.last_block)
                    first = run.hint.block;
                auto [it, fresh] = index.try_emplace(e.barcode, plan.volumes.size());
                if (fresh) {
                    PlanVolume v;
                    v.barcode = e.barcode;
                    auto w = where.find(e.barcode);
                    v.in_library = w != where.end();
                    v.location = v.in_library ? w->second : "outside the library";
                    if (!v.in_library) plan.missing.push_back(e.barcode);
                    plan.volumes.push_back(v);
                }
                plan.volumes[it->second].blocks += e.last_block - first + 1;
                plan.bytes_to_read +=
                    static_cast<std::uint64_t>(e.last_block - first + 1) * block_size;
            }
        }
    }
    plan.rate = past_rate(db, plan.rate_measured);
    plan.estimated_seconds = static_cast<double>(plan.bytes_to_read) / plan.rate;
    TL_TRY(estimate_with_model(db, lib, o, sel, block_size, plan));
    return plan;
}

// --drives N asks for N of the library's drives: more than it has is a mistake, said at once.
Status check_drive_count(const RestoreOptions& o, device::Library& lib) {
    if (o.drives <= lib.drive_count()) return {};
    return make_error(ErrorKind::InvalidArgument,
                      "--drives " + std::to_string(o.drives) + ": library " + lib.name() + " has " +
                          std::to_string(lib.drive_count()) + " drive(s)");
}

} // namespace

Result<RestorePlan> plan_restore(Engine& engine, const RestoreOptions& o) {
    auto sel = select_files(engine_catalog(engine), o.what);
    if (!sel) return sel.error();
    auto lib = open_restore_library(engine, o, sel.value());
    if (!lib) return lib.error();
    TL_TRY(check_drive_count(o, *lib.value()));
    return plan_selection(engine, *lib.value(), sel.value(), o);
}

namespace {
std::string job_name(const RestoreOptions& o) {
    return o.to.empty() ? std::string("to original location") : "to " + o.to;
}

// A restore refused before it began is in the history too, failed with the reason.
void record_refused(catalog::Db& db, const RestoreOptions& o, long long now,
                    const std::string& why) {
    if (auto id = record_refused_restore(db, job_name(o), now, why); !id)
        log::get("job")->warn("the refused restore is not in the job history: {}",
                              id.error().message);
}
} // namespace

namespace {
// The plan phase: the selection, its library and its plan, waiting for volumes outside the
// library with --wait-for-media (a refusal is in the history, failed with the reason).
struct PlannedRestore {
    Selection sel;
    std::unique_ptr<device::Library> lib;
    RestorePlan plan;
};

std::string missing_list(const RestorePlan& plan) {
    std::string list;
    for (const auto& m : plan.missing)
        list += (list.empty() ? "" : ", ") + m;
    return list;
}

Result<PlannedRestore> plan_for_run(Engine& engine, const RestoreOptions& o,
                                    std::atomic<bool>* cancel) {
    auto& db = engine_catalog(engine);
    Clock& clock = engine.clock();
    // The selection is read once; the plan adds the hard link sources and chooses the copies.
    auto sel = select_files(db, o.what);
    if (!sel) return sel.error();
    auto lib = open_restore_library(engine, o, sel.value());
    if (!lib) return lib.error();
    TL_TRY(check_drive_count(o, *lib.value()));
    lib.value() = shared_robot(engine, std::move(lib.value()));
    auto plan = plan_selection(engine, *lib.value(), sel.value(), o);
    if (!plan) return plan.error();
    while (!plan->missing.empty()) {
        const std::string list = missing_list(plan.value());
        if (!o.wait_for_media) {
            const std::string advice =
                media::advice_for_places(db, plan->missing, lib.value()->name());
            auto e = make_error(ErrorKind::MediaMissing,
                                "volume(s) " + media::volumes_with_places(db, plan->missing) +
                                    " are not in library " + lib.value()->name() + "; " +
                                    (advice.empty()
                                         ? "insert them into a mail slot and import them (or use "
                                           "--wait-for-media)"
                                         : advice));
            record_refused(db, o, to_unix_seconds(clock.wall()), e.message);
            return e;
        }
        log::get("job")->warn(
            "operator: insert volume(s) {} into a mail slot of {} and import them; waiting", list,
            lib.value()->name());
        clock.sleep_for(std::chrono::seconds(2));
        if (cancel && cancel->load())
            return make_error(ErrorKind::Cancelled, "restore cancelled while waiting for volumes");
        sel = select_files(db, o.what); // planned afresh: the volumes imported since
        if (!sel) return sel.error();
        plan = plan_selection(engine, *lib.value(), sel.value(), o);
        if (!plan) return plan.error();
    }
    return PlannedRestore{std::move(sel.value()), std::move(lib.value()), std::move(plan.value())};
}

// How the drives read a volume, added to what other drives read of it.
void add_motion(std::vector<VolumeMotion>& all, const VolumeMotion& m) {
    for (auto& a : all)
        if (a.barcode == m.barcode) {
            a.mounts += m.mounts;
            a.passes += m.passes;
            a.locates += m.locates;
            a.back_steps += m.back_steps;
            a.positioning_ns += m.positioning_ns;
            a.bytes += m.bytes;
            return;
        }
    all.push_back(m);
}

// The run phase of a restore: a reading thread per reserved drive over its share of the media
// sessions, the writers they filled, and what the monitor publishes.
class RestoreRun {
public:
    RestoreRun(JobContext& ctx, const RestoreOptions& o, PlannedRestore& p, RestoreResult& res)
        : ctx_(ctx), o_(o), p_(p), res_(res), target_(o.to.empty() ? "/" : o.to),
          writeback_(o.sync == SyncMode::End ? std::make_unique<Writeback>(target_) : nullptr),
          pool_(make_pool(o.writer_threads ? o.writer_threads : default_writer_threads(o.sync))),
          dir_lookup_(directory_lookup(engine_catalog(ctx.engine()), p.sel)) {}

    // Save sets grouped by media session (their streams interleave on the same blocks, so they
    // are read together in one pass); sessions that share a volume (the backups of an
    // incremental chain) stay on one drive: a cartridge is in one drive at a time. Returns how
    // many such units there are.
    Result<std::size_t> group();
    // Reads on `drives` until every thread is done.
    void run(const std::vector<std::size_t>& drives);
    metrics::LiveSnapshot collect() const;
    // Damaged blocks read again from other copies, the writers' outcomes, the final sync.
    void settle();
    void fill_report(JobReport& rep);
    const Status& fatal() const { return fatal_; }

private:
    void read_on_drive(std::size_t d);
    RestoreWriter* new_writer(const SelectedSaveset& s,
                              std::vector<std::unique_ptr<RestoreWriter>>& writers,
                              std::vector<const SelectedSaveset*>& sets);
    void read_whole(SavesetReader& reader, const std::vector<const SelectedSaveset*>& session,
                    std::vector<std::unique_ptr<RestoreWriter>>& writers,
                    std::vector<const SelectedSaveset*>& sets, std::vector<BadBlock>& bad);
    void read_share(SavesetReader& reader, const DriveShare& share,
                    std::vector<std::unique_ptr<RestoreWriter>>& writers,
                    std::vector<const SelectedSaveset*>& sets, std::vector<BadBlock>& bad);
    void add_volume_reads(JobReport& rep);
    void fail(const Error& e) {
        std::lock_guard lock(mutex_);
        if (fatal_.ok()) fatal_ = e;
    }

    JobContext& ctx_;
    const RestoreOptions& o_;
    PlannedRestore& p_;
    RestoreResult& res_;
    const std::string target_;
    std::vector<DriveShare> shares_; // per drive thread; fewer than the drives when units are
    std::vector<std::size_t> dix_;
    // Each drive's counters before the job: the report gives what it read for this job.
    std::vector<std::uint64_t> first_bytes_, first_blocks_;
    std::vector<std::atomic<bool>> reading_;
    mutable std::mutex volume_mutex_;
    std::vector<std::string> volume_; // per drive: the volume it reads now (live figures)
    std::mutex mutex_;
    Status fatal_;
    // Declared before the pool and the writers, which tell it what they wrote.
    std::unique_ptr<Writeback> writeback_;
    // The directories the restore makes, out of sight until settle() (shared by its writers).
    std::shared_ptr<StagedDirs> staged_ = std::make_shared<StagedDirs>();
    // Declared before the writers: they wait for their files on it when they go.
    std::unique_ptr<WritePool> pool_; // null: the reading threads write their files
    const DirectoryLookup dir_lookup_;
    // Directory metadata is applied once every thread is done: the save sets of an incremental
    // chain may fill the same directories from several drives (docs/levels.md).
    std::vector<std::unique_ptr<RestoreWriter>> done_writers_;
    std::vector<const SelectedSaveset*> done_sets_; // the save set of each done writer
    std::vector<std::string> notes_;
};

Result<std::size_t> RestoreRun::group() {
    auto units = session_units(engine_catalog(ctx_.engine()), p_.sel);
    if (!units) return units.error();
    return units->size();
}

RestoreWriter* RestoreRun::new_writer(const SelectedSaveset& s,
                                      std::vector<std::unique_ptr<RestoreWriter>>& writers,
                                      std::vector<const SelectedSaveset*>& sets) {
    RestoreWriterOptions wo;
    wo.policy = o_.existing;
    wo.sync = o_.sync;
    wo.pool = pool_.get();
    wo.staged = staged_;
    wo.writeback = writeback_.get();
    auto w = RestoreWriter::open(target_, wo);
    if (!w) return fail(w.error()), nullptr;
    std::vector<std::uint64_t> wanted;
    wanted.reserve(s.files.size());
    std::map<std::uint64_t, std::string> write_as;
    for (const auto& f : s.files) {
        wanted.push_back(f.offset);
        if (!f.write_as.empty()) write_as[f.offset] = f.write_as;
    }
    if (auto st = w.value()->begin_saveset(prefix_for(s), wanted, write_as); !st)
        return fail(st.error()), nullptr;
    w.value()->set_directory_lookup(dir_lookup_);
    writers.push_back(std::move(w.value()));
    sets.push_back(&s);
    return writers.back().get();
}

void RestoreRun::read_whole(SavesetReader& reader,
                            const std::vector<const SelectedSaveset*>& session,
                            std::vector<std::unique_ptr<RestoreWriter>>& writers,
                            std::vector<const SelectedSaveset*>& sets, std::vector<BadBlock>& bad) {
    // Whole save sets: one pass over the session for all of them.
    std::vector<StreamTarget> targets;
    for (const auto* s : session) {
        if (!s->whole) continue;
        RestoreWriter* w = new_writer(*s, writers, sets);
        if (!w) break;
        StreamTarget t;
        t.saveset_id = s->reading();
        t.sink = w;
        t.on_object_error = [w](const std::string&, const std::string& why) {
            w->fail_current(why);
        };
        targets.push_back(t);
    }
    if (targets.empty()) return;
    if (auto st = reader.read_streams(targets, [&bad](const BadBlock& b) { bad.push_back(b); });
        !st)
        fail(st.error());
}

// The share's whole save sets, a pass per session; then its positioned reads in their order
// (by position on each volume: restore_order.h). A read that fails ends its save set's reads.
void RestoreRun::read_share(SavesetReader& reader, const DriveShare& share,
                            std::vector<std::unique_ptr<RestoreWriter>>& writers,
                            std::vector<const SelectedSaveset*>& sets, std::vector<BadBlock>& bad) {
    for (const auto& session : share.sessions) {
        if (ctx_.cancelled()) return;
        read_whole(reader, session, writers, sets, bad);
    }
    std::vector<RestoreWriter*> writer_of(share.sets.size(), nullptr);
    for (std::size_t i = 0; i < share.sets.size(); ++i)
        if (!share.sets[i]->whole)
            if (!(writer_of[i] = new_writer(*share.sets[i], writers, sets))) return;
    auto on_bad = [&bad](const BadBlock& b) { bad.push_back(b); };
    for (const auto& batch : share.batches) {
        if (ctx_.cancelled()) return;
        std::vector<StreamTarget> targets;
        for (const auto& r : batch.targets) {
            RestoreWriter* w = writer_of[r.set];
            if (!w) continue;
            StreamTarget t;
            t.saveset_id = share.sets[r.set]->reading();
            t.sink = w;
            t.from = r.from;
            t.to = r.to;
            t.hint = r.hint;
            t.on_object_error = [w](const std::string&, const std::string& why) {
                w->fail_current(why);
            };
            targets.push_back(std::move(t));
        }
        if (targets.empty()) continue;
        if (auto st = reader.read_streams(targets, on_bad); !st) {
            fail(st.error());
            for (const auto& r : batch.targets)
                writer_of[r.set] = nullptr;
        }
    }
}

void RestoreRun::read_on_drive(std::size_t d) {
    auto& lib = *p_.lib;
    auto conn = catalog::Db::open(engine_catalog(ctx_.engine()).path(), false);
    if (!conn) return fail(conn.error()), void(reading_[d] = false);
    SavesetReader reader(lib, conn.value(), dix_[d], ctx_.engine().home());
    reader.on_mounted([this, d](const std::string& barcode) {
        std::lock_guard lock(volume_mutex_);
        volume_[d] = barcode;
    });
    std::vector<BadBlock> bad;
    std::vector<std::unique_ptr<RestoreWriter>> writers;
    std::vector<const SelectedSaveset*> sets;
    if (d < shares_.size()) read_share(reader, shares_[d], writers, sets, bad);
    for (auto& w : writers)
        w->end_saveset();
    if (lib.drive(dix_[d]).is_open()) (void)lib.drive(dix_[d]).close();
    std::lock_guard lock(mutex_);
    for (auto& w : writers)
        done_writers_.push_back(std::move(w));
    done_sets_.insert(done_sets_.end(), sets.begin(), sets.end());
    res_.bad_blocks.insert(res_.bad_blocks.end(), bad.begin(), bad.end());
    const auto& st = reader.stats();
    res_.read.blocks_read += st.blocks_read;
    res_.read.bytes_read += st.bytes_read;
    res_.read.stream_bytes += st.stream_bytes;
    res_.read.seeks += st.seeks;
    res_.read.volumes.insert(res_.read.volumes.end(), st.volumes.begin(), st.volumes.end());
    for (const auto& m : st.motion)
        add_motion(res_.read.motion, m);
    reading_[d] = false;
}

void RestoreRun::run(const std::vector<std::size_t>& drives) {
    dix_ = drives;
    const std::size_t n = dix_.size();
    auto shares = share_reads(engine_catalog(ctx_.engine()), p_.sel, n, o_.order);
    if (shares)
        shares_ = std::move(shares.value());
    else
        fail(shares.error());
    for (const auto d : dix_) {
        const auto& c = p_.lib->drive(d).counters();
        first_bytes_.push_back(c.bytes_read.load());
        first_blocks_.push_back(c.blocks_read.load());
    }
    reading_ = std::vector<std::atomic<bool>>(n);
    volume_.assign(n, std::string());
    for (auto& r : reading_)
        r = true;
    ctx_.start_monitor([this] { return collect(); });
    std::vector<std::thread> threads;
    for (std::size_t d = 0; d < n; ++d)
        threads.emplace_back([this, d] {
            name_this_thread("tl-read-ahead");
            read_on_drive(d);
        });
    for (auto& t : threads)
        t.join();
    ctx_.stop_monitor();
}

// Per drive, the bytes it read for this job (the drives' own counters: safe to read while
// the reading threads run).
metrics::LiveSnapshot RestoreRun::collect() const {
    metrics::LiveSnapshot live;
    live.total_bytes = res_.plan.bytes_to_read;
    for (std::size_t d = 0; d < dix_.size(); ++d) {
        auto& drive = p_.lib->drive(dix_[d]);
        metrics::LiveDrive x;
        x.name = drive.name();
        x.state = reading_[d].load() ? "reading" : "done";
        x.bytes = drive.counters().bytes_read.load() - first_bytes_[d];
        x.position = drive.live_position();
        {
            std::lock_guard lock(volume_mutex_);
            x.volume = volume_[d];
        }
        live.drives.push_back(std::move(x));
    }
    return live;
}

void RestoreRun::settle() {
    auto log = log::get("job");
    auto& db = engine_catalog(ctx_.engine());
    std::set<std::pair<std::size_t, std::string>> superseded;
    if (fatal_.ok() && !ctx_.cancelled())
        read_again_from_copies(db, *p_.lib, ctx_.engine().home(), ctx_.reserved()->grant(), target_,
                               done_writers_, done_sets_, res_, superseded, notes_, staged_);
    // Every writer is done: the directories it made come into sight, before their metadata is
    // set (a rename would change their parent's times).
    for (auto& problem : staged_->publish())
        notes_.push_back(std::move(problem));
    for (const auto& n : notes_)
        log->warn("restore: {}", n);
    auto& rep = ctx_.report();
    for (std::size_t wi = 0; wi < done_writers_.size(); ++wi) {
        auto& w = done_writers_[wi];
        if (auto st = w->finish(); !st) log->warn("restore: {}", st.error().message);
        CatalogNames name(*done_sets_[wi]);
        // A writer of read_again_from_copies restored files another writer reported failed.
        res_.restored += w->files_restored();
        res_.skipped += w->skipped();
        for (const auto& oc : w->outcomes()) {
            if (oc.status == "failed" && superseded.count({wi, oc.path})) continue;
            if (oc.status != "skipped") ++res_.failed;
            if (res_.problems.size() < 100000) {
                res_.problems.push_back(oc);
                res_.problems.back().path = name(oc.path);
            }
        }
        rep.bytes += w->bytes_written();
    }
    // Durability before the job is reported: the data of every writer reaches the disk.
    const auto sync_started = ctx_.engine().clock().now();
    Status synced;
    for (auto& w : done_writers_)
        if (synced.ok()) synced = w->sync_to_disk();
    rep.sync = sync_mode_name(o_.sync);
    rep.sync_seconds = seconds_between(sync_started, ctx_.engine().clock().now());
    if (!synced && fatal_.ok()) fatal_ = synced;
}

void RestoreRun::fill_report(JobReport& rep) {
    rep.files = res_.restored;
    rep.tape_bytes = res_.read.bytes_read;
    rep.stored = res_.read.stream_bytes;
    rep.volumes = res_.read.volumes;
    for (std::size_t d = 0; d < dix_.size(); ++d) {
        const auto& drive = p_.lib->drive(dix_[d]);
        DriveReport dr;
        dr.name = drive.name();
        dr.bytes = drive.counters().bytes_read.load() - first_bytes_[d];
        dr.blocks = drive.counters().blocks_read.load() - first_blocks_[d];
        rep.drives.push_back(dr);
    }
    rep.wall_rate = rate_over_work(rep, rep.bytes);
    add_volume_reads(rep);
    for (const auto& n : notes_)
        rep.warnings.push_back(n);
    for (const auto& b : res_.bad_blocks)
        rep.warnings.push_back("bad block " + std::to_string(b.block) + " of tape file " +
                               std::to_string(b.tape_file) + " on " + b.volume + ": " + b.message);
    // Every file not restored as it was (skipped too) is named with why, as `problems` has it.
    for (const auto& p : res_.problems)
        if (rep.warnings.size() < 10000)
            rep.warnings.push_back(p.status + " " + p.path + ": " + p.why);
    if (!fatal_.ok()) {
        // Some files came back: partial, with every file not restored named in the problems.
        rep.status = res_.restored > 0 ? "partial" : "failed";
        rep.error = fatal_.error().message;
    } else if (ctx_.cancelled())
        rep.status = "cancelled";
    else if (res_.failed > 0)
        rep.status = "partial";
    else if (res_.skipped > 0 || !notes_.empty()) // notes: the volume read first is damaged
        rep.status = "warnings";
    else
        rep.status = "completed";
}

// Per volume: the passes, locates and positioning time the readers counted; under a drive model
// the plan's figures beside the actual (positioning in model seconds plus the bytes at the type's
// rate), both in model seconds.
void RestoreRun::add_volume_reads(JobReport& rep) {
    rep.read_order = read_order_name(o_.order);
    auto timing = library_timing(engine_catalog(ctx_.engine()), *p_.lib);
    const device::TapeTiming* t = timing && timing.value() ? &*timing.value() : nullptr;
    const double scale = t ? t->config().time_scale : 1.0;
    for (const auto& m : res_.read.motion) {
        VolumeReadReport v;
        v.barcode = m.barcode;
        v.passes = m.passes;
        v.locates = m.locates;
        v.back_steps = m.back_steps;
        v.positioning_seconds = static_cast<double>(m.positioning_ns) / 1e9 * scale;
        for (const auto& pv : res_.plan.volumes)
            if (pv.barcode == m.barcode) {
                v.planned_passes = pv.passes;
                v.planned_locates = pv.locates;
                v.planned_seconds = pv.model_seconds;
            }
        if (t)
            v.actual_seconds =
                v.positioning_seconds +
                static_cast<double>(m.bytes) / (t->type().native_rate * t->config().rate_scale);
        rep.actual_seconds += v.actual_seconds;
        rep.volume_reads.push_back(v);
    }
    if (!t) return;
    rep.drive_model = t->type().name;
    rep.planned_seconds = res_.plan.model_seconds;
}

// "as many as useful": one drive per unit of sessions, at most the library's (or --drives).
DriveRequest restore_drives(const RestoreOptions& o, std::size_t units, std::size_t available) {
    DriveRequest r;
    r.count = std::max<std::size_t>(
        1, std::min(o.drives ? o.drives : available, std::min(units, available)));
    r.automatic = o.drives == 0;
    return r;
}
} // namespace

Result<RestoreResult> run_restore(Engine& engine, const RestoreOptions& o,
                                  std::atomic<bool>* cancel) {
    auto planned = plan_for_run(engine, o, cancel);
    if (!planned) return planned.error();
    auto& p = planned.value();
    RestoreResult res;
    res.plan = p.plan;
    JobContext ctx(engine, cancel);
    TL_TRY(ctx.open({"restore", job_name(o), "", 0}));
    RestoreRun run(ctx, o, p, res);
    auto units = run.group();
    if (!units) {
        ctx.fail(units.error());
        return units.error();
    }
    // The drives and every volume to read are reserved for this job, or it waits and says why
    // (docs/reservations.md); with "as many as useful" it takes the free ones it can use.
    JobNeeds needs;
    needs.drives = restore_drives(o, units.value(), p.lib->drive_count());
    for (const auto& v : p.plan.volumes)
        needs.volumes.push_back(v.barcode);
    auto reserved = ctx.acquire(*p.lib, needs);
    if (!reserved) {
        ctx.fail(reserved.error());
        return reserved.error();
    }
    run.run(reserved.value()->drives());
    run.settle();
    ctx.stamp_end();
    run.fill_report(ctx.report());
    TL_TRY(ctx.finish(restore_outcome_json(res)));
    res.report = ctx.report();
    log::get("job")->info("restore job {} {}: {} restored, {} skipped, {} failed", ctx.id(),
                          res.report.status, res.restored, res.skipped, res.failed);
    if (!run.fatal().ok() && run.fatal().error().kind == ErrorKind::MediaMissing &&
        res.restored == 0)
        return run.fatal().error();
    return res;
}

} // namespace tl::job
