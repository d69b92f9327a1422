#include "job/restore_job.h"

#include "job/job_reservation.h"

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
#include "device/library.h"
#include "job/backup_encryption.h"
#include "job/hardlink_sources.h"
#include "job/job_record.h"
#include "job/job_volumes.h"
#include "job/write_pool.h"
#include "media/clone_copies.h"
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

// Media sessions joined when they share a volume (union-find over the volumes their save sets'
// extents are on); each unit lists its sessions in id order.
Result<std::vector<std::vector<std::int64_t>>>
sessions_by_volume(catalog::Db& db,
                   const std::map<std::int64_t, std::vector<const SelectedSaveset*>>& groups) {
    std::map<std::int64_t, std::int64_t> parent;
    auto root = [&](std::int64_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    std::map<std::int64_t, std::int64_t> volume_session;
    for (const auto& [session, list] : groups) {
        parent.emplace(session, session);
        for (const auto* s : list) {
            auto volumes = catalog::saveset_volume_ids(db, s->reading());
            if (!volumes) return volumes.error();
            for (const auto volume : volumes.value()) {
                auto [it, fresh] = volume_session.try_emplace(volume, session);
                if (!fresh) parent[root(session)] = root(it->second);
            }
        }
    }
    std::map<std::int64_t, std::vector<std::int64_t>> units;
    for (const auto& [session, list] : groups)
        units[root(session)].push_back(session);
    std::vector<std::vector<std::int64_t>> out;
    for (auto& [r, sessions] : units)
        out.push_back(std::move(sessions));
    return out;
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

// A damaged block on the copy a restore read: the files it spoiled are read again from another
// usable copy of their save set (a clone, or the original; docs/media.md "Cloning"). The new
// writers join `writers`; `superseded` gets the (writer, path) failures they made good.
void read_again_from_copies(catalog::Db& db, device::Library& lib, Reservation& grant,
                            const std::string& target,
                            std::vector<std::unique_ptr<RestoreWriter>>& writers,
                            std::vector<const SelectedSaveset*>& sets, RestoreResult& res,
                            std::set<std::pair<std::size_t, std::string>>& superseded,
                            std::vector<std::string>& notes) {
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
        const media::SavesetCopy* other = nullptr;
        for (const auto& c : copies.value()) {
            if (c.saveset_id == s.reading() || !media::copy_usable(c)) continue;
            if (std::none_of(c.volumes.begin(), c.volumes.end(), [&](const media::CopyVolume& v) {
                    return bad_volumes.count(v.barcode) > 0;
                })) {
                other = &c;
                break;
            }
        }
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
        auto w = RestoreWriter::open(target, ExistingPolicy::Overwrite);
        if (!w || !w.value()->begin_saveset(prefix, wanted)) continue;
        RestoreWriter* wp = w.value().get();
        // The copy's volumes are reserved too; one another job holds is not read now.
        bool free = true;
        for (const auto& v : other->volumes)
            free = free && grant.try_add_volume(v.barcode);
        if (!free) continue;
        const std::size_t drive = grant.drives().front();
        SavesetReader reader(lib, db, drive);
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
    auto volumes = job_volumes(engine.catalog(), jobs);
    if (!volumes) return volumes.error();
    return device::open_library_holding(engine.catalog(), engine.home(), o.library, volumes.value(),
                                        engine.clock());
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

std::size_t default_writer_threads() {
    return std::clamp<std::size_t>(std::thread::hardware_concurrency(), 2, 4);
}

double past_rate(catalog::Db& db, bool& measured) {
    auto rate = catalog::recent_backup_rate(db);
    measured = rate && rate.value();
    return measured ? *rate.value() : kAssumedRate;
}
} // namespace

namespace {
// The plan of reading `sel` from `lib`; adds the sources of hard links to `sel` and chooses the
// copy of each save set to read.
Result<RestorePlan> plan_selection(Engine& engine, device::Library& lib, Selection& sel) {
    auto& db = engine.catalog();
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
        SavesetReader reader(lib, db, 0);
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
    return plan;
}
} // namespace

Result<RestorePlan> plan_restore(Engine& engine, const RestoreOptions& o) {
    auto sel = select_files(engine.catalog(), o.what);
    if (!sel) return sel.error();
    auto lib = open_restore_library(engine, o, sel.value());
    if (!lib) return lib.error();
    return plan_selection(engine, *lib.value(), sel.value());
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
// A restore whose row exists but that never read: cancelled while waiting for its drives and
// volumes, or refused by the reservation book.
void end_unstarted(catalog::Db& db, JobReport& rep, const Error& e, Clock& clock) {
    rep.status = e.kind == ErrorKind::Cancelled ? "cancelled" : "failed";
    rep.error = e.message;
    rep.ended = to_unix_seconds(clock.wall());
    catalog::JobUpdate u;
    u.status = rep.status;
    u.clear_wait = true;
    u.ended = rep.ended;
    u.report = to_json(rep).dump();
    (void)catalog::update_job(db, rep.job_id, u);
}
} // namespace

Result<RestoreResult> run_restore(Engine& engine, const RestoreOptions& o,
                                  std::atomic<bool>* cancel) {
    auto log = log::get("job");
    auto& db = engine.catalog();
    Clock& clock = engine.clock();
    // The selection is read once; the plan adds the hard link sources and chooses the copies.
    auto sel = select_files(db, o.what);
    if (!sel) return sel.error();
    auto lib = open_restore_library(engine, o, sel.value());
    if (!lib) return lib.error();
    lib.value() = shared_robot(engine, std::move(lib.value()));
    auto plan = plan_selection(engine, *lib.value(), sel.value());
    if (!plan) return plan.error();
    while (!plan->missing.empty()) {
        std::string list;
        for (const auto& m : plan->missing)
            list += (list.empty() ? "" : ", ") + m;
        if (!o.wait_for_media) {
            auto e = make_error(
                ErrorKind::MediaMissing,
                "volume(s) " + list + " are not in library " + lib.value()->name() +
                    "; insert them into a mail slot and import them (or use --wait-for-media)");
            record_refused(db, o, to_unix_seconds(clock.wall()), e.message);
            return e;
        }
        log->warn("operator: insert volume(s) {} into a mail slot of {} and import them; waiting",
                  list, lib.value()->name());
        clock.sleep_for(std::chrono::seconds(2));
        if (cancel && cancel->load())
            return make_error(ErrorKind::Cancelled, "restore cancelled while waiting for volumes");
        sel = select_files(db, o.what); // planned afresh: the volumes imported since
        if (!sel) return sel.error();
        plan = plan_selection(engine, *lib.value(), sel.value());
        if (!plan) return plan.error();
    }

    RestoreResult res;
    res.plan = plan.value();
    auto& rep = res.report;
    rep.kind = "restore";
    const auto started = clock.now();
    rep.started = to_unix_seconds(clock.wall());
    const auto proc_before = metrics::read_process_stat();
    {
        catalog::NewJob job;
        job.kind = "restore";
        job.name = job_name(o);
        job.pid = static_cast<std::int64_t>(getpid());
        job.started = rep.started;
        auto id = catalog::add_job(db, job);
        if (!id) return id.error();
        rep.job_id = id.value();
    }

    // Save sets grouped by media session (their streams interleave on the same blocks, so they
    // are read together in one pass); sessions spread over up to all drives, but sessions that
    // share a volume (the backups of an incremental chain) stay on one drive: a cartridge is
    // in one drive at a time.
    std::map<std::int64_t, std::vector<const SelectedSaveset*>> groups;
    for (const auto& s : sel->savesets)
        groups[s.reading_session()].push_back(&s);
    auto units = sessions_by_volume(db, groups);
    if (!units) return units.error();
    // The drives and every volume to read are reserved for this job, or it waits and says why
    // (docs/reservations.md); with "as many as useful" it takes the free ones it can use.
    JobNeeds needs;
    needs.job_id = rep.job_id;
    needs.drives.count =
        std::max<std::size_t>(1, std::min(o.drives ? o.drives : lib.value()->drive_count(),
                                          std::min(units->size(), lib.value()->drive_count())));
    needs.drives.automatic = o.drives == 0;
    for (const auto& v : plan->volumes)
        needs.volumes.push_back(v.barcode);
    needs.cancel = cancel;
    auto reserved = reserve(engine, *lib.value(), needs);
    if (!reserved) {
        end_unstarted(db, rep, reserved.error(), clock);
        return reserved.error();
    }
    const std::vector<std::size_t> dix = reserved.value()->drives();
    const std::size_t ndrives = dix.size();
    std::vector<std::vector<std::vector<const SelectedSaveset*>>> work(ndrives);
    std::size_t g = 0;
    for (auto& unit : units.value()) {
        for (auto session : unit)
            work[g % ndrives].push_back(groups[session]);
        ++g;
    }
    std::mutex mutex;
    Status fatal;
    // Declared before the writers: they wait for their files on it when they go.
    WritePool pool(o.writer_threads ? o.writer_threads : default_writer_threads());
    const DirectoryLookup dir_lookup = directory_lookup(db, sel.value());
    // Directory metadata is applied once every thread is done: the save sets of an incremental
    // chain may fill the same directories from several drives (docs/levels.md).
    std::vector<std::unique_ptr<RestoreWriter>> done_writers;
    std::vector<const SelectedSaveset*> done_sets; // the save set of each done writer
    std::vector<std::thread> threads;
    std::atomic<int> running{static_cast<int>(ndrives)};
    const std::string target = o.to.empty() ? "/" : o.to;
    for (std::size_t d = 0; d < ndrives; ++d) {
        threads.emplace_back([&, d] {
            auto fail = [&](const Error& e) {
                std::lock_guard lock(mutex);
                if (fatal.ok()) fatal = e;
            };
            auto conn = catalog::Db::open(db.path(), false);
            if (!conn) return fail(conn.error()), void(--running);
            SavesetReader reader(*lib.value(), conn.value(), dix[d]);
            std::vector<BadBlock> bad;
            std::vector<std::unique_ptr<RestoreWriter>> writers;
            std::vector<const SelectedSaveset*> writer_sets;
            auto new_writer = [&](const SelectedSaveset& s) -> RestoreWriter* {
                RestoreWriterOptions wo;
                wo.policy = o.existing;
                wo.sync = o.sync;
                wo.pool = &pool;
                auto w = RestoreWriter::open(target, wo);
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
                w.value()->set_directory_lookup(dir_lookup);
                writers.push_back(std::move(w.value()));
                writer_sets.push_back(&s);
                return writers.back().get();
            };
            for (const auto& session : work[d]) {
                if (cancel && cancel->load()) break;
                // Whole save sets: one pass over the session for all of them.
                std::vector<StreamTarget> targets;
                for (const auto* s : session) {
                    if (!s->whole) continue;
                    RestoreWriter* w = new_writer(*s);
                    if (!w) break;
                    StreamTarget t;
                    t.saveset_id = s->reading();
                    t.sink = w;
                    t.on_object_error = [w](const std::string&, const std::string& why) {
                        w->fail_current(why);
                    };
                    targets.push_back(t);
                }
                if (!targets.empty())
                    if (auto st = reader.read_streams(targets,
                                                      [&](const BadBlock& b) { bad.push_back(b); });
                        !st)
                        fail(st.error());
                // Selections: a positioned read per run of consecutive selected files.
                for (const auto* s : session) {
                    if (s->whole) continue;
                    RestoreWriter* w = new_writer(*s);
                    if (!w) break;
                    for (const auto& run : runs_of(*s)) {
                        auto st = reader.read(
                            s->reading(), *w, run.from, run.to, run.hint,
                            [&](const BadBlock& b) { bad.push_back(b); },
                            [w](const std::string&, const std::string& why) {
                                w->fail_current(why);
                            });
                        if (!st) {
                            fail(st.error());
                            break;
                        }
                    }
                }
            }
            for (auto& w : writers)
                w->end_saveset();
            if (lib.value()->drive(dix[d]).is_open()) (void)lib.value()->drive(dix[d]).close();
            std::lock_guard lock(mutex);
            for (auto& w : writers)
                done_writers.push_back(std::move(w));
            for (const auto* s : writer_sets)
                done_sets.push_back(s);
            for (const auto& b : bad)
                res.bad_blocks.push_back(b);
            const auto& st = reader.stats();
            res.read.blocks_read += st.blocks_read;
            res.read.bytes_read += st.bytes_read;
            res.read.stream_bytes += st.stream_bytes;
            res.read.seeks += st.seeks;
            for (const auto& v : st.volumes)
                res.read.volumes.push_back(v);
            --running;
        });
    }
    // Per-drive samples, as for a backup: bytes read by each drive at the poll interval.
    std::vector<std::uint64_t> last(ndrives);
    for (std::size_t d = 0; d < ndrives; ++d)
        last[d] = lib.value()->drive(dix[d]).counters().bytes_read.load();
    const std::vector<std::uint64_t> first = last;
    rep.drive_samples.assign(ndrives, {});
    auto last_t = clock.now();
    auto sample = [&] {
        const auto now = clock.now();
        const double dt = seconds_between(last_t, now);
        if (dt <= 0) return;
        rep.sample_times.push_back(seconds_between(started, now));
        for (std::size_t d = 0; d < ndrives; ++d) {
            const auto b = lib.value()->drive(dix[d]).counters().bytes_read.load();
            rep.drive_samples[d].push_back(static_cast<double>(b - last[d]) / dt);
            last[d] = b;
        }
        last_t = now;
    };
    auto next_sample = started + std::chrono::seconds(1);
    while (running.load() > 0) {
        clock.sleep_for(std::chrono::milliseconds(20));
        if (clock.now() >= next_sample) {
            sample();
            next_sample += std::chrono::seconds(1);
        }
    }
    for (auto& t : threads)
        t.join();
    sample();
    std::set<std::pair<std::size_t, std::string>> superseded;
    std::vector<std::string> notes;
    if (fatal.ok() && !(cancel && cancel->load()))
        read_again_from_copies(db, *lib.value(), reserved.value()->grant(), target, done_writers,
                               done_sets, res, superseded, notes);
    for (const auto& n : notes)
        log->warn("restore: {}", n);
    for (std::size_t wi = 0; wi < done_writers.size(); ++wi) {
        auto& w = done_writers[wi];
        if (auto st = w->finish(); !st) log->warn("restore: {}", st.error().message);
        CatalogNames name(*done_sets[wi]);
        // A writer of read_again_from_copies restored files another writer reported failed.
        res.restored += w->files_restored();
        res.skipped += w->skipped();
        for (const auto& oc : w->outcomes()) {
            if (oc.status == "failed" && superseded.count({wi, oc.path})) continue;
            if (oc.status != "skipped") ++res.failed;
            if (res.problems.size() < 100000) {
                res.problems.push_back(oc);
                res.problems.back().path = name(oc.path);
            }
        }
        rep.bytes += w->bytes_written();
    }
    // Durability before the job is reported: the data of every writer reaches the disk.
    const auto sync_started = clock.now();
    Status synced;
    for (auto& w : done_writers)
        if (synced.ok()) synced = w->sync_to_disk();
    rep.sync = sync_mode_name(o.sync);
    rep.sync_seconds = seconds_between(sync_started, clock.now());
    if (!synced && fatal.ok()) fatal = synced;

    rep.elapsed = seconds_between(started, clock.now());
    rep.ended = to_unix_seconds(clock.wall());
    rep.files = res.restored;
    rep.tape_bytes = res.read.bytes_read;
    rep.stored = res.read.stream_bytes;
    rep.volumes = res.read.volumes;
    for (std::size_t d = 0; d < ndrives; ++d) {
        DriveReport dr;
        dr.name = lib.value()->drive(dix[d]).name();
        dr.bytes = lib.value()->drive(dix[d]).counters().bytes_read.load() - first[d];
        rep.drives.push_back(dr);
    }
    const auto proc_after = metrics::read_process_stat();
    rep.cpu_seconds = proc_after.cpu_seconds - proc_before.cpu_seconds;
    rep.peak_rss = proc_after.peak_rss_bytes;
    rep.wall_rate = rep.elapsed > 0 ? static_cast<double>(rep.bytes) / rep.elapsed : 0;
    std::vector<double> summed(rep.sample_times.size(), 0.0);
    for (const auto& s : rep.drive_samples)
        for (std::size_t i = 0; i < s.size() && i < summed.size(); ++i)
            summed[i] += s[i];
    const auto sr = metrics::sustained_rate(summed);
    rep.sustained_rate =
        sr.steady
            ? sr.rate
            : std::max(sr.rate, static_cast<double>(rep.tape_bytes) / std::max(rep.elapsed, 1e-9));
    rep.sustained_steady = sr.steady;
    for (const auto& n : notes)
        rep.warnings.push_back(n);
    for (const auto& b : res.bad_blocks)
        rep.warnings.push_back("bad block " + std::to_string(b.block) + " of tape file " +
                               std::to_string(b.tape_file) + " on " + b.volume + ": " + b.message);
    for (const auto& p : res.problems)
        if (p.status != "skipped" && rep.warnings.size() < 10000)
            rep.warnings.push_back(p.status + " " + p.path + ": " + p.why);
    if (!fatal.ok()) {
        // Some files came back: partial, with every file not restored named in the problems.
        rep.status = res.restored > 0 ? "partial" : "failed";
        rep.error = fatal.error().message;
    } else if (cancel && cancel->load())
        rep.status = "cancelled";
    else if (res.failed > 0)
        rep.status = "partial";
    else if (res.skipped > 0 || !notes.empty()) // notes: the volume read first is damaged
        rep.status = "warnings";
    else
        rep.status = "completed";
    catalog::JobUpdate end;
    end.status = rep.status;
    end.ended = rep.ended;
    end.files = rep.files;
    end.bytes = rep.bytes;
    end.report = to_json(rep).dump();
    (void)catalog::update_job(db, rep.job_id, end);
    log->info("restore job {} {}: {} restored, {} skipped, {} failed", rep.job_id, rep.status,
              res.restored, res.skipped, res.failed);
    if (!fatal.ok() && fatal.error().kind == ErrorKind::MediaMissing && res.restored == 0)
        return fatal.error();
    return res;
}

} // namespace tl::job
