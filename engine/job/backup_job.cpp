#include "job/backup_job.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <mutex>
#include <thread>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "catalog/db.h"
#include "catalog/job_writer.h"
#include "catalog/media_use_store.h"
#include "catalog/saveset_store.h"
#include "catalog/series_store.h"
#include "catalog/session_store.h"
#include "codec/compressor.h"
#include "common/home.h"
#include "common/log.h"
#include "common/version.h"
#include "device/library.h"
#include "device/null_library.h"
#include "format/block.h"
#include "job/backup_level.h"
#include "job/catalog_writer.h"
#include "job/drive_worker.h"
#include "job/job_reservation.h"
#include "job/session_reader.h"
#include "job/volume_manager.h"
#include "metrics/job_monitor.h"
#include "metrics/live_board.h"
#include "metrics/process_stat.h"
#include "metrics/sustained_rate.h"
#include "source/source_spec.h"

namespace tl::job {

namespace {

format::SourceKind media_kind(source::SourceKind k) {
    switch (k) {
    case source::SourceKind::FileTree:
        return format::SourceKind::Dir;
    case source::SourceKind::Raw:
        return format::SourceKind::BlockDevice;
    case source::SourceKind::Command:
        return format::SourceKind::Pipe;
    case source::SourceKind::Sqlite:
        return format::SourceKind::Sqlite;
    }
    return format::SourceKind::File;
}

std::string host_name() {
    char buf[256] = {};
    gethostname(buf, sizeof buf - 1);
    return buf;
}

struct SessionState {
    std::int64_t saveset_id = 0;
    source::SourceSpec spec;
    std::string drive;
    SessionCounters counters;
    std::unique_ptr<StreamChannel> channel;
    std::unique_ptr<StreamWriter> writer;
    std::unique_ptr<SessionReader> reader;
    Status result;
    std::uint64_t stream_bytes = 0;
    std::int64_t base_saveset_id = 0; // diff/incr: the save set compared against
    std::thread thread;
    std::atomic<bool> finished{false};
    std::mutex file_mutex; // current_file: written by the reader, read by the monitor
    std::string current_file;
    std::string device; // the source's device ("8:1", "cmd"), for per-device read figures
};

struct DriveSlot {
    std::size_t index = 0;
    std::string name;
    std::int64_t session_id = 0;
    format::Uuid session_uuid;
    std::uint32_t next_stream = 1;
    DriveSignal signal;
    std::deque<source::SourceSpec> initial;
    std::unique_ptr<DriveWorker> worker;
    Status result;
};

// The block device a source reads from, as "major:minor" (a raw device: its own number), so
// the monitor can sum the sessions that share a disk; "cmd" for command pipes.
std::string source_device(const source::SourceSpec& spec) {
    if (spec.kind == source::SourceKind::Command) return "cmd";
    struct stat st {};
    if (stat(spec.target.c_str(), &st) != 0) return "?";
    const dev_t d = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
    return std::to_string(major(d)) + ":" + std::to_string(minor(d));
}

// Source bytes the same sources gave in their last completed backup: the estimate behind
// the time left. 0 when any source has no such history.
std::uint64_t expected_source_bytes(catalog::Db& db, const std::vector<std::string>& sources) {
    std::uint64_t total = 0;
    for (const auto& src : sources) {
        auto bytes = catalog::last_source_bytes(db, src);
        if (!bytes || !bytes.value()) return 0;
        total += *bytes.value();
    }
    return total;
}

} // namespace

Status encrypt_session(const BackupEncryption& e, catalog::Db& db, DriveWorkerConfig& cfg) {
    if (!e.enabled()) return {};
    auto cipher = e.cipher_for(cfg.session_uuid);
    if (!cipher) return cipher.error();
    cfg.cipher = std::move(cipher.value());
    cfg.encryption = e.header();
    return record_session_encryption(db, cfg.session_id, cfg.encryption);
}

Status fail_interrupted_jobs(catalog::Db& db) {
    auto n = catalog::fail_interrupted_jobs(db);
    if (!n) return n.error();
    if (n.value() > 0)
        log::get("job")->warn(
            "{} interrupted job(s) marked failed; their catalog holds what reached tape",
            n.value());
    return {};
}

Result<JobReport> run_backup(Engine& engine, const BackupOptions& o,
                             const std::function<void(const BackupProgress&)>& progress,
                             std::atomic<bool>* cancel) {
    auto log = log::get("job");
    Clock& clock = engine.clock();
    // Everything the administrator typed is checked before a tape moves.
    if (o.sources.empty())
        return make_error(ErrorKind::InvalidArgument, "no source given; use --source PATH");
    TL_TRY(format::check_block_size(o.block_size));
    if (o.checkpoint_bytes < o.block_size)
        return make_error(ErrorKind::InvalidArgument,
                          "--checkpoint " + std::to_string(o.checkpoint_bytes) +
                              ": a checkpoint interval is at least one block (" +
                              std::to_string(o.block_size) + " bytes), e.g. 4G");
    if (o.sessions_per_drive < 1 || o.sessions_per_drive > 32)
        return make_error(ErrorKind::InvalidArgument, "--sessions-per-drive must be 1..32");
    if (o.read_buffer < 64 * 1024 || o.read_buffer > (256u << 20))
        return make_error(ErrorKind::InvalidArgument, "--read-buffer must be between 64K and 256M");
    auto codec = codec::parse_codec_spec(o.compression);
    if (!codec) return codec.error();
    std::deque<source::SourceSpec> pending;
    for (const auto& s : o.sources) {
        auto spec = source::parse_source(s);
        if (!spec) return spec.error();
        pending.push_back(spec.value());
    }
    auto& db = engine.catalog();
    PoolInfo pool;
    {
        auto found = catalog::pool_by_name(db, o.pool);
        if (!found) return found.error();
        if (!found.value())
            return make_error(ErrorKind::NotFound,
                              "pool '" + o.pool + "' does not exist; see tapeloom-cli pool list");
        pool = {found.value()->id, o.pool, found.value()->auto_label};
    }
    auto encryption = BackupEncryption::resolve(db, engine.home(), pool.id, o.encryption);
    if (!encryption) return encryption.error();
    // diff/incr: each file tree's base, or the promotion to full (docs/levels.md).
    auto levels = plan_levels(db, {pending.begin(), pending.end()}, o.name, o.level);
    if (!levels) return levels.error();
    auto lib =
        o.null_drives
            ? Result<std::unique_ptr<device::Library>>(device::make_null_library(
                  o.drives ? o.drives
                           : (pending.size() + o.sessions_per_drive - 1) / o.sessions_per_drive))
            : device::open_library(db, engine.home(), o.library, clock);
    if (!lib) return lib.error();
    if (!o.null_drives) lib.value() = shared_robot(engine, std::move(lib.value()));
    const std::size_t available = lib.value()->drive_count();
    std::size_t ndrives = o.drives;
    if (ndrives > available)
        return make_error(ErrorKind::InvalidArgument, "--drives " + std::to_string(ndrives) +
                                                          ": library " + lib.value()->name() +
                                                          " has " + std::to_string(available) +
                                                          " drive(s)");
    if (ndrives == 0)
        ndrives =
            std::min(available, (pending.size() + o.sessions_per_drive - 1) / o.sessions_per_drive);
    ndrives = std::max<std::size_t>(1, std::min(ndrives, pending.size()));

    const auto started_wall = clock.wall();
    const auto started = clock.now();
    const double started_unix =
        std::chrono::duration<double>(started_wall.time_since_epoch()).count();
    const auto proc_before = metrics::read_process_stat();
    std::int64_t job_id = 0;
    {
        catalog::NewJob job;
        job.kind = "backup";
        job.name = o.name;
        job.level = to_string(levels->level);
        job.pool_id = pool.id;
        job.pid = static_cast<std::int64_t>(getpid());
        job.started = to_unix_seconds(started_wall);
        auto id = catalog::add_job(db, job);
        if (!id) return id.error();
        job_id = id.value();
    }
    log->info("backup job {} started: level {}, {} source(s), {} drive(s) x {} session(s), "
              "block {} B",
              job_id, to_string(levels->level), pending.size(), ndrives, o.sessions_per_drive,
              o.block_size);
    if (!levels->promotion.empty()) log->info("backup job {}: {}", job_id, levels->promotion);

    JobReport report;
    report.job_id = job_id;
    report.started = to_unix_seconds(started_wall);
    report.block_size = o.block_size;
    report.sessions_per_drive = o.sessions_per_drive;
    report.poll_interval = o.poll_interval;
    std::mutex mutex; // guards jobdb, sessions, warnings, pending
    std::vector<std::string> warnings;
    auto warn = [&](const std::string& w) {
        std::lock_guard lock(mutex);
        if (warnings.size() < 10000) warnings.push_back(w);
        log->warn("{}", w);
    };
    auto finish_failed = [&](const Error& e) -> Result<JobReport> {
        if (report.status != "cancelled") report.status = "failed";
        report.error = e.message;
        auto failed_json = to_json(report);
        add_level_fields(failed_json, *levels, {});
        catalog::JobUpdate u;
        u.status = report.status;
        u.clear_wait = true;
        u.ended = to_unix_seconds(clock.wall());
        u.report = failed_json.dump();
        (void)catalog::update_job(db, job_id, u);
        // Recorded here, reported by the caller from the returned report (once on a terminal).
        log::record_only("job")->error("backup job {} failed: {}", job_id, e.message);
        return report;
    };

    // The drives (and later each volume mounted) are reserved for this job: it waits, saying
    // why in its row, while other jobs hold them (docs/reservations.md).
    std::unique_ptr<JobDrives> reserved;
    std::vector<std::size_t> drive_index(ndrives);
    for (std::size_t d = 0; d < ndrives; ++d)
        drive_index[d] = d; // null drives: no other job to share them with
    if (!o.null_drives) {
        JobNeeds needs;
        needs.job_id = job_id;
        needs.drives.count = ndrives;
        needs.drives.automatic = o.drives == 0;
        needs.cancel = cancel;
        auto r = reserve(engine, *lib.value(), needs);
        if (!r) {
            if (r.error().kind == ErrorKind::Cancelled) report.status = "cancelled";
            return finish_failed(r.error());
        }
        reserved = std::move(r.value());
        drive_index = reserved->drives();
        ndrives = drive_index.size();
        log->info("backup job {}: drive(s) {} reserved", job_id, describe_drives(drive_index));
    }
    auto jobdb = catalog::Db::open(db.path(), false);
    if (!jobdb) return finish_failed(jobdb.error());
    auto vmdb = catalog::Db::open(db.path(), false);
    if (!vmdb) return finish_failed(vmdb.error());
    auto writer = CatalogWriter::open(db.path());
    if (!writer) return finish_failed(writer.error());
    VolumeManager volumes(*lib.value(), vmdb.value(), pool,
                          static_cast<std::uint32_t>(o.block_size), clock, engine_version());
    if (reserved) volumes.set_reservation(&reserved->grant());
    const std::string spool = engine.home() + "/spool";
    (void)ensure_directory(spool);

    std::vector<std::unique_ptr<SessionState>> sessions;
    std::vector<std::unique_ptr<DriveSlot>> slots;
    const std::string host = host_name();
    auto start_stream = [&](DriveSlot* sp,
                            const source::SourceSpec& spec) -> std::optional<StreamAssignment> {
        auto ss = std::make_unique<SessionState>();
        ss->spec = spec;
        ss->device = source_device(spec);
        ss->drive = sp->name;
        const std::uint32_t stream_id = sp->next_stream++;
        auto sealer = encryption->sealer_for(sp->session_uuid, stream_id, o.block_size);
        if (!sealer) {
            log->error("cannot encrypt {}: {}", spec.text, sealer.error().message);
            return std::nullopt;
        }
        const auto base = levels->bases.find(spec.text);
        catalog::NewSaveset row;
        row.job_id = job_id;
        row.session_id = sp->session_id;
        row.stream_id = stream_id;
        row.source = spec.text;
        row.kind = source::to_string(spec.kind);
        row.codec = codec->str();
        if (base != levels->bases.end()) row.base_id = base->second.saveset_id;
        auto saveset_id = catalog::add_saveset(jobdb.value(), row);
        if (!saveset_id) {
            log->error("cannot record save set for {}", spec.text);
            return std::nullopt;
        }
        ss->saveset_id = saveset_id.value();
        const std::size_t half = std::max<std::size_t>(64 * 1024, o.read_buffer / 2);
        ss->channel = std::make_unique<StreamChannel>(sp->signal, 2, half);
        ss->writer = std::make_unique<StreamWriter>(*ss->channel, codec.value());
        ss->writer->set_sealer(std::move(sealer.value()));
        ReaderContext rc;
        rc.saveset_id = ss->saveset_id;
        rc.walk = o.walk;
        rc.spool_dir = spool;
        rc.clock = &clock;
        rc.warn = warn;
        if (base != levels->bases.end()) {
            rc.base_chain = base->second.chain;
            rc.db_path = db.path();
            rc.compare_hash = o.compare_hash;
            rc.record_deletions = [w = writer.value().get()](std::vector<DeletionRecord> gone) {
                CatalogBatch b;
                b.deletions = std::move(gone);
                w->submit(std::move(b));
            };
            ss->base_saveset_id = base->second.saveset_id;
        }
        SessionState* state = ss.get();
        rc.current_file = [state](const std::string& path) {
            std::lock_guard lock(state->file_mutex);
            state->current_file = path;
        };
        ss->reader = std::make_unique<SessionReader>(spec, *ss->writer, rc, ss->counters);
        SessionState* raw = ss.get();
        raw->thread = std::thread([raw] {
            raw->result = raw->reader->run();
            raw->finished = true;
        });
        StreamAssignment a;
        a.stream_id = stream_id;
        a.saveset_id = ss->saveset_id;
        a.channel = ss->channel.get();
        a.info = {stream_id, media_kind(spec.kind), spec.text, codec->codec, format::kUnknownSize};
        sessions.push_back(std::move(ss));
        return a;
    };
    for (std::size_t d = 0; d < ndrives; ++d) {
        auto slot = std::make_unique<DriveSlot>();
        slot->index = drive_index[d];
        slot->name = lib.value()->drive(slot->index).name();
        DriveWorkerConfig cfg;
        cfg.drive_index = slot->index;
        cfg.block_size = o.block_size;
        cfg.sessions = o.sessions_per_drive;
        cfg.checkpoint_bytes = o.checkpoint_bytes;
        cfg.session_uuid = format::Uuid::random();
        cfg.job_id = static_cast<std::uint64_t>(job_id);
        cfg.host = host;
        cfg.codec = codec->codec;
        cfg.now = [&clock, started] { return seconds_between(started, clock.now()); };
        auto session = catalog::add_session(jobdb.value(), job_id, cfg.session_uuid.bytes.data(),
                                            slot->name, o.block_size);
        if (!session) return finish_failed(session.error());
        cfg.session_id = slot->session_id = session.value();
        slot->session_uuid = cfg.session_uuid;
        if (auto es = encrypt_session(*encryption, jobdb.value(), cfg); !es)
            return finish_failed(es.error());
        DriveSlot* sp = slot.get();
        auto next = [&, sp](std::size_t) -> std::optional<StreamAssignment> {
            std::lock_guard lock(mutex);
            if (cancel && cancel->load()) return std::nullopt;
            if (!sp->initial.empty()) {
                auto spec = sp->initial.front();
                sp->initial.pop_front();
                return start_stream(sp, spec);
            }
            if (pending.empty()) return std::nullopt;
            auto spec = pending.front();
            pending.pop_front();
            return start_stream(sp, spec);
        };
        auto done = [&](std::int64_t saveset, std::uint64_t bytes) {
            std::lock_guard lock(mutex);
            for (auto& s : sessions)
                if (s->saveset_id == saveset) s->stream_bytes = bytes;
        };
        slot->worker = std::make_unique<DriveWorker>(cfg, lib.value()->drive(slot->index), volumes,
                                                     *writer.value(), slot->signal, next, done);
        slots.push_back(std::move(slot));
    }

    // Spread the first streams over the drives round-robin (K per drive at most); the rest
    // start wherever a stream ends first.
    for (std::size_t k = 0; k < o.sessions_per_drive && !pending.empty(); ++k)
        for (auto& s : slots)
            if (!pending.empty()) {
                s->initial.push_back(pending.front());
                pending.pop_front();
            }
    auto cancel_all = [&] {
        for (auto& s : slots) {
            {
                std::lock_guard lock(s->signal.mutex);
                s->signal.cancelled = true;
            }
            s->signal.cv.notify_all();
        }
    };
    std::vector<std::thread> drive_threads;
    std::atomic<int> drives_running{static_cast<int>(slots.size())};
    for (auto& s : slots) {
        DriveSlot* sp = s.get();
        drive_threads.emplace_back([&, sp] {
            sp->result = sp->worker->run();
            if (!sp->result) {
                log->error("{}: {}", sp->name, sp->result.error().message);
                cancel_all();
            }
            --drives_running;
        });
    }

    // The monitor: the drives' and sessions' counters at each poll, published live
    // (metrics::LiveBoard) and kept as the job's series; rates are derived in JobMonitor.
    const metrics::LiveBoard board(engine.home());
    board.prune(to_unix_seconds(clock.wall()), 600);
    metrics::JobMonitor monitor(o.null_drives ? nullptr : &board);
    const std::uint64_t expected_bytes = expected_source_bytes(db, o.sources);
    std::vector<std::uint64_t> shoeshine_before;
    for (auto& s : slots)
        shoeshine_before.push_back(lib.value()->drive(s->index).counters().shoeshine_events.load());
    auto collect = [&] {
        metrics::LiveSnapshot live;
        live.job_id = job_id;
        live.name = o.name;
        live.pid = getpid();
        live.started_at = started_unix;
        live.level = to_string(levels->level);
        live.level_note = levels->promotion;
        live.status = "running";
        live.poll_interval = o.poll_interval;
        live.total_bytes = expected_bytes;
        const double now = seconds_between(started, clock.now());
        for (std::size_t d = 0; d < slots.size(); ++d) {
            const auto& pr = slots[d]->worker->progress();
            const auto& dc = lib.value()->drive(slots[d]->index).counters();
            metrics::LiveDrive x;
            x.name = slots[d]->name;
            x.volume = pr.volume();
            x.state = metrics::activity_name(pr.timeline.current());
            x.bytes = pr.bytes.load();
            x.blocks = pr.blocks.load();
            x.shoeshine = dc.shoeshine_events.load() - shoeshine_before[d];
            const auto cap = dc.buffer_capacity.load();
            x.buffer_fill =
                cap ? static_cast<double>(dc.buffer_bytes.load()) / static_cast<double>(cap) : -1;
            x.positioning_ops = dc.positioning_ops.load();
            const auto secs = pr.timeline.seconds(now);
            x.seconds_writing = secs[static_cast<std::size_t>(metrics::Activity::Writing)];
            x.seconds_positioning = secs[static_cast<std::size_t>(metrics::Activity::Positioning)];
            x.seconds_mounting = secs[static_cast<std::size_t>(metrics::Activity::Mounting)];
            x.seconds_idle = secs[static_cast<std::size_t>(metrics::Activity::Idle)];
            x.seconds_waiting_media =
                secs[static_cast<std::size_t>(metrics::Activity::WaitingMedia)];
            live.drives.push_back(std::move(x));
        }
        std::lock_guard lock(mutex);
        for (auto& s : sessions) {
            metrics::LiveSession x;
            x.source = s->spec.text;
            x.drive = s->drive;
            x.bytes = s->counters.bytes_read.load();
            x.stored = s->counters.stream_bytes.load();
            x.files = s->counters.files.load();
            if (!s->finished.load())
                x.state = "reading";
            else
                x.state = s->result ? "done" : "failed";
            {
                std::lock_guard file_lock(s->file_mutex);
                x.current_file = s->current_file;
            }
            auto dev = std::find_if(live.devices.begin(), live.devices.end(),
                                    [&](const auto& v) { return v.name == s->device; });
            if (dev == live.devices.end()) {
                live.devices.push_back({s->device, 0, 0});
                dev = live.devices.end() - 1;
            }
            dev->bytes += x.bytes;
            live.sessions.push_back(std::move(x));
        }
        for (const auto& p : pending) {
            metrics::LiveSession x;
            x.source = p.text;
            x.state = "waiting for a drive";
            live.sessions.push_back(std::move(x));
        }
        return live;
    };
    auto sample = [&](bool final) {
        const auto now = clock.now();
        auto live = monitor.poll(collect(), seconds_between(started, now),
                                 to_unix_seconds(clock.wall()), final);
        if (!progress) return;
        BackupProgress p;
        p.elapsed = live.elapsed;
        for (const auto& d : live.drives)
            p.drive_bytes.push_back(d.bytes);
        p.source_bytes = live.source_bytes;
        p.files = live.files;
        p.live = std::move(live);
        progress(p);
    };
    const auto step = std::chrono::duration<double>(std::min(0.05, o.poll_interval));
    auto next_sample = started + std::chrono::duration_cast<Clock::Mono::duration>(
                                     std::chrono::duration<double>(o.poll_interval));
    while (drives_running.load() > 0) {
        clock.sleep_for(std::chrono::duration_cast<std::chrono::nanoseconds>(step));
        if (cancel && cancel->load()) cancel_all();
        if (clock.now() >= next_sample) {
            sample(false);
            next_sample += std::chrono::duration_cast<Clock::Mono::duration>(
                std::chrono::duration<double>(o.poll_interval));
        }
    }
    for (auto& t : drive_threads)
        t.join();
    sample(true);
    report.sample_times = monitor.series().times;
    report.drive_samples = monitor.drive_rates();
    bool drive_failed = false;
    for (auto& s : slots)
        if (!s->result) drive_failed = true;
    if (drive_failed) cancel_all();
    {
        // Readers whose drive failed before it took their stream are cancelled too.
        std::lock_guard lock(mutex);
        pending.clear();
    }
    for (auto& s : sessions)
        s->thread.join();
    Status catalog_status = writer.value()->finish();

    // Report and catalog rows.
    const auto ended = clock.now();
    report.ended = to_unix_seconds(clock.wall());
    report.elapsed = seconds_between(started, ended);
    const auto proc_after = metrics::read_process_stat();
    report.cpu_seconds = proc_after.cpu_seconds - proc_before.cpu_seconds;
    const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
    report.cpu_utilization =
        report.elapsed > 0 ? 100.0 * report.cpu_seconds / (report.elapsed * cpus) : 0;
    report.peak_rss = proc_after.peak_rss_bytes;
    bool any_failed = false;
    for (auto& s : slots) {
        DriveReport d;
        d.name = s->name;
        d.bytes = s->worker->progress().bytes.load();
        d.blocks = s->worker->progress().blocks.load();
        d.volumes = s->worker->volumes_used();
        d.shoeshine_events = lib.value()->drive(s->index).counters().shoeshine_events.load();
        report.tape_bytes += d.bytes;
        for (const auto& v : d.volumes)
            if (std::find(report.volumes.begin(), report.volumes.end(), v) == report.volumes.end())
                report.volumes.push_back(v);
        report.drives.push_back(d);
        if (!s->result && report.error.empty())
            report.error = s->name + ": " + s->result.error().message;
    }
    std::vector<LevelCounts> level_counts;
    for (auto& s : sessions) {
        level_counts.push_back({s->saveset_id, s->spec.text, s->base_saveset_id,
                                s->counters.unchanged.load(), s->counters.same_content.load(),
                                s->counters.deleted.load()});
        SessionReport r;
        r.saveset_id = s->saveset_id;
        r.source = s->spec.text;
        r.drive = s->drive;
        r.bytes = s->counters.bytes_read.load();
        r.stored = s->stream_bytes;
        r.files = s->counters.files.load();
        if (!s->result) {
            r.status = s->result.error().kind == ErrorKind::Cancelled ? "cancelled" : "failed";
            r.error = s->result.error().message;
            any_failed = true;
        } else {
            r.status = s->counters.warnings.load() ? "warnings" : "completed";
        }
        report.bytes += r.bytes;
        report.stored += r.stored;
        report.files += r.files;
        (void)catalog::finish_saveset(db, r.saveset_id, r.status, r.files, r.bytes, r.stored);
        report.sessions.push_back(r);
    }
    for (const auto& w : volumes.warnings())
        warnings.push_back(w);
    report.warnings = warnings;
    report.compression_ratio =
        report.stored > 0 ? static_cast<double>(report.bytes) / static_cast<double>(report.stored)
                          : 1;
    report.wall_rate =
        report.elapsed > 0 ? static_cast<double>(report.tape_bytes) / report.elapsed : 0;
    std::vector<double> summed(report.sample_times.size(), 0.0);
    for (const auto& series : report.drive_samples)
        for (std::size_t i = 0; i < series.size() && i < summed.size(); ++i)
            summed[i] += series[i];
    const auto sustained = metrics::sustained_rate(summed);
    report.sustained_rate = sustained.rate;
    report.sustained_steady = sustained.steady;
    if (!sustained.steady)
        report.sustained_rate = std::max(report.sustained_rate, report.wall_rate);
    if (!catalog_status && report.error.empty()) report.error = catalog_status.error().message;
    if (cancel && cancel->load())
        report.status = "cancelled";
    else if (drive_failed || !catalog_status)
        report.status = "failed";
    else if (any_failed)
        report.status = "partial";
    else if (!report.warnings.empty())
        report.status = "warnings";
    else
        report.status = "completed";
    // A promotion is reported, but the backup it ran is complete: it does not set the status.
    if (!levels->promotion.empty())
        report.warnings.insert(report.warnings.begin(), levels->promotion);
    auto report_json = to_json(report);
    add_level_fields(report_json, *levels, level_counts);
    catalog::JobUpdate end;
    end.status = report.status;
    end.ended = report.ended;
    end.files = report.files;
    end.bytes = report.bytes;
    end.report = report_json.dump();
    TL_TRY(catalog::update_job(db, job_id, end));
    if (auto st = catalog::save_series(db, job_id, monitor.series()); !st)
        log->warn("backup job {}: series not stored: {}", job_id, st.error().message);
    if (!o.null_drives) {
        auto last = collect();
        last.ended = true;
        last.status = report.status;
        last.pid = getpid();
        last = monitor.poll(std::move(last), report.elapsed, report.ended, true);
        (void)last;
    }
    log->info("backup job {} {}: {} files, {} bytes in {:.2f} s", job_id, report.status,
              report.files, report.bytes, report.elapsed);
    return report;
}

} // namespace tl::job
