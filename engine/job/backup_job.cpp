#include "job/backup_job.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "catalog/client_store.h"
#include "catalog/db.h"
#include "catalog/job_writer.h"
#include "catalog/media_use_store.h"
#include "catalog/saveset_store.h"
#include "catalog/series_store.h"
#include "catalog/session_store.h"
#include "codec/compressor.h"
#include "common/home.h"
#include "common/log.h"
#include "common/thread_name.h"
#include "common/version.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "device/null_library.h"
#include "format/block.h"
#include "job/backup_level.h"
#include "job/catalog_writer.h"
#include "job/drive_worker.h"
#include "job/job_context.h"
#include "job/job_reservation.h"
#include "job/remote_clients.h"
#include "job/session_reader.h"
#include "job/volume_manager.h"
#include "metrics/job_monitor.h"
#include "metrics/live_board.h"
#include "metrics/process_stat.h"
#include "metrics/sustained_rate.h"
#include "source/source_spec.h"

namespace tl::job {

namespace {

// Buffers between a session's reader and its drive (the read buffer divided among them).
constexpr std::size_t kStreamBuffers = 4;
// A block-shaped buffer's data starts after a block header and one chunk header.
constexpr std::size_t kBlockHeadroom = format::kBlockHeaderSize + format::kChunkHeaderSize;

format::SourceKind media_kind(source::SourceKind k) {
    switch (k) {
    case source::SourceKind::FileTree:
    case source::SourceKind::Client:
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
    std::unique_ptr<RemoteSession> remote; // a client's tree: its agent reads it
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
    std::deque<StreamAssignment> opened; // its first streams, reading since the job started
    std::unique_ptr<DriveWorker> worker;
    Status result;
};

// The block device a source reads from, as "major:minor" (a raw device: its own number), so
// the monitor can sum the sessions that share a disk; "cmd" for command pipes.
std::string source_device(const source::SourceSpec& spec) {
    if (spec.kind == source::SourceKind::Command) return "cmd";
    if (spec.kind == source::SourceKind::Client) return spec.text.substr(0, spec.text.rfind(':'));
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

// Everything decided before a tape moves: the administrator's options checked, the sources
// parsed, the pool, the encryption, the levels and the library with the number of drives.
struct BackupPlan {
    codec::CodecSpec codec;
    std::deque<source::SourceSpec> pending;
    PoolInfo pool;
    BackupEncryption encryption;
    LevelPlan levels;
    std::unique_ptr<device::Library> lib;
    std::size_t ndrives = 0;
    const RemoteClients* remote = nullptr;  // the engine's way to clients
    std::unique_ptr<BackupClients> clients; // of the sources of clients
};

Status check_options(const BackupOptions& o) {
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
    return {};
}

Result<PoolInfo> backup_pool(catalog::Db& db, const std::string& name) {
    auto found = catalog::pool_by_name(db, name);
    if (!found) return found.error();
    if (!found.value())
        return make_error(ErrorKind::NotFound,
                          "pool '" + name + "' does not exist; see tapeloom-cli pool list");
    return PoolInfo{found.value()->id, name, found.value()->auto_label};
}

// How many drives a job of `sources` is worth: every further drive is started for at least one
// block of data (a second cartridge for a 12-byte incremental is waste). The estimate is the
// sources' last completed save sets; without one for every source, nothing limits.
std::size_t drives_worth_starting(catalog::Db& db, const std::vector<std::string>& sources,
                                  std::size_t block_size, std::size_t limit) {
    std::uint64_t estimate = 0;
    for (const auto& src : sources) {
        auto bytes = catalog::last_source_bytes(db, src);
        if (!bytes || !bytes.value()) return limit;
        estimate += *bytes.value();
    }
    const std::uint64_t worth = (estimate + block_size - 1) / block_size;
    return static_cast<std::size_t>(std::clamp<std::uint64_t>(worth, 1, limit));
}

// The library (or the null drives of a benchmark) and how many of its drives the job uses.
Status choose_drives(Engine& engine, const BackupOptions& o, BackupPlan& p) {
    const std::size_t wanted = (p.pending.size() + o.sessions_per_drive - 1) / o.sessions_per_drive;
    auto lib = o.null_drives ? Result<std::unique_ptr<device::Library>>(
                                   device::make_null_library(o.drives ? o.drives : wanted))
                             : device::open_library(engine_catalog(engine), engine.home(),
                                                    o.library, engine.clock());
    if (!lib) return lib.error();
    p.lib = o.null_drives ? std::move(lib.value()) : shared_robot(engine, std::move(lib.value()));
    const std::size_t available = p.lib->drive_count();
    std::size_t n = o.drives;
    if (n > available)
        return make_error(ErrorKind::InvalidArgument, "--drives " + std::to_string(n) +
                                                          ": library " + p.lib->name() + " has " +
                                                          std::to_string(available) + " drive(s)");
    if (n == 0) n = std::min(available, wanted);
    p.ndrives = std::max<std::size_t>(1, std::min(n, p.pending.size()));
    if (!o.null_drives)
        p.ndrives =
            drives_worth_starting(engine_catalog(engine), o.sources, o.block_size, p.ndrives);
    return {};
}

// The plan phase: nothing is recorded when it fails.
Result<BackupPlan> plan_backup(Engine& engine, const BackupOptions& o) {
    TL_TRY(check_options(o));
    auto codec = codec::parse_codec_spec(o.compression);
    if (!codec) return codec.error();
    const RemoteClients* remote = engine.remote_clients();
    if (!remote)
        return make_error(ErrorKind::Internal,
                          "this engine was opened without clients and runs no backup");
    auto pending = remote->backup_sources(o.sources, o.client);
    if (!pending) return pending.error();
    auto& db = engine_catalog(engine);
    auto pool = backup_pool(db, o.pool);
    if (!pool) return pool.error();
    auto encryption = BackupEncryption::resolve(db, engine.home(), pool->id, o.encryption);
    if (!encryption) return encryption.error();
    // diff/incr: each file tree's base, or the promotion to full (docs/levels.md).
    auto clients = remote->resolve(db, engine.home(), pending.value());
    if (!clients) return clients.error();
    auto levels = plan_levels(db, {pending->begin(), pending->end()}, o.name, o.level);
    if (!levels) return levels.error();
    BackupPlan p{codec.value(),
                 std::move(pending.value()),
                 pool.value(),
                 std::move(encryption.value()),
                 std::move(levels.value()),
                 nullptr,
                 0,
                 remote,
                 std::move(clients.value())};
    TL_TRY(choose_drives(engine, o, p));
    return p;
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

namespace {

// The run phase of one backup: its connections, volume manager and catalog writer, a reader
// thread per source and a DriveWorker thread per drive, and the counters its monitor reads.
class BackupRun {
public:
    BackupRun(JobContext& ctx, const BackupOptions& o, BackupPlan& plan)
        : ctx_(ctx), o_(o), p_(plan), log_(log::get("job")), clock_(ctx.engine().clock()) {}
    ~BackupRun() { stop(); }

    Status prepare(const std::vector<std::size_t>& drive_index);
    void start();
    // Until every drive is done; a cancel is passed on to the drives.
    void wait();
    // Joins every thread and the catalog writer.
    void stop();
    // What the monitor publishes at each poll.
    metrics::LiveSnapshot collect();
    // The drives' and sessions' figures into `r`, and each save set's outcome stored (with the
    // name search's keys of its entries): the job's own work, done before its end is stamped.
    // Returns the save sets' level counts.
    std::vector<LevelCounts> close_sessions(JobReport& r);
    // The report's rates and status, once its end is stamped.
    void report(JobReport& r);
    // Each client's agent version and OS, when it was seen and backed up last.
    void record_clients();

private:
    std::optional<StreamAssignment> start_stream(DriveSlot* sp, const source::SourceSpec& spec);
    ReaderContext reader_context(SessionState& ss, const source::SourceSpec& spec);
    std::optional<StreamAssignment> next_stream(DriveSlot* sp);
    // Every drive's first streams: their save sets recorded and their readers started, all
    // before any drive thread runs, so no drive waits on another's catalog rows or readers.
    void open_first_streams();
    Status add_slot(std::size_t index);
    void cancel_all();
    void fill_drive_reports(JobReport& r);
    void fill_session_reports(JobReport& r, std::vector<LevelCounts>& counts);

    JobContext& ctx_;
    const BackupOptions& o_;
    BackupPlan& p_;
    std::shared_ptr<spdlog::logger> log_;
    Clock& clock_;
    std::string spool_, host_;
    std::optional<catalog::Db> jobdb_, vmdb_;
    std::unique_ptr<CatalogWriter> writer_;
    std::unique_ptr<VolumeManager> volumes_;
    std::mutex mutex_; // guards jobdb_, sessions_, warnings_, pending
    std::vector<std::string> warnings_;
    std::vector<std::unique_ptr<SessionState>> sessions_;
    std::vector<std::unique_ptr<DriveSlot>> slots_;
    std::vector<std::thread> drive_threads_;
    std::mutex done_mutex_; // with done_cv_: a drive thread ended (drives_running_ fell)
    std::condition_variable done_cv_;
    int drives_running_ = 0; // under done_mutex_
    std::vector<std::uint64_t> shoeshine_before_;
    std::uint64_t expected_bytes_ = 0;
    bool drive_failed_ = false, stopped_ = false;
    Status catalog_status_;
};

Status BackupRun::prepare(const std::vector<std::size_t>& drive_index) {
    auto& db = engine_catalog(ctx_.engine());
    auto jobdb = catalog::Db::open(db.path(), false);
    if (!jobdb) return jobdb.error();
    jobdb_.emplace(std::move(jobdb.value()));
    auto vmdb = catalog::Db::open(db.path(), false);
    if (!vmdb) return vmdb.error();
    vmdb_.emplace(std::move(vmdb.value()));
    auto writer = CatalogWriter::open(db.path());
    if (!writer) return writer.error();
    writer_ = std::move(writer.value());
    volumes_ = std::make_unique<VolumeManager>(*p_.lib, *vmdb_, p_.pool,
                                               static_cast<std::uint32_t>(o_.block_size), clock_,
                                               engine_version());
    if (auto* reserved = ctx_.reserved()) volumes_->set_reservation(&reserved->grant());
    if (o_.wait_for_volume) volumes_->set_wait({ctx_.id(), ctx_.cancel_flag(), 0});
    spool_ = ctx_.engine().home() + "/spool";
    (void)ensure_directory(spool_);
    host_ = host_name();
    for (const auto index : drive_index)
        TL_TRY(add_slot(index));
    // Spread the first streams over the drives round-robin (K per drive at most); the rest
    // start wherever a stream ends first.
    for (std::size_t k = 0; k < o_.sessions_per_drive && !p_.pending.empty(); ++k)
        for (auto& s : slots_)
            if (!p_.pending.empty()) {
                s->initial.push_back(p_.pending.front());
                p_.pending.pop_front();
            }
    expected_bytes_ = expected_source_bytes(db, o_.sources);
    for (auto& s : slots_)
        shoeshine_before_.push_back(p_.lib->drive(s->index).counters().shoeshine_events.load());
    return {};
}

ReaderContext BackupRun::reader_context(SessionState& ss, const source::SourceSpec& spec) {
    ReaderContext rc;
    rc.saveset_id = ss.saveset_id;
    rc.walk = o_.walk;
    rc.spool_dir = spool_;
    rc.clock = &clock_;
    rc.warn = [this](const std::string& w) {
        std::lock_guard lock(mutex_);
        if (warnings_.size() < 10000) warnings_.push_back(w);
        log_->warn("{}", w);
    };
    const auto base = p_.levels.bases.find(spec.text);
    if (base != p_.levels.bases.end()) {
        rc.base_chain = base->second.chain;
        rc.db_path = engine_catalog(ctx_.engine()).path();
        rc.compare_hash = o_.compare_hash;
        rc.record_deletions = [w = writer_.get()](std::vector<DeletionRecord> gone) {
            CatalogBatch b;
            b.deletions = std::move(gone);
            w->submit(std::move(b));
        };
        ss.base_saveset_id = base->second.saveset_id;
    }
    SessionState* state = &ss;
    rc.current_file = [state](const std::string& path) {
        std::lock_guard lock(state->file_mutex);
        state->current_file = path;
    };
    return rc;
}

// Called with mutex_ held (by next_stream).
std::optional<StreamAssignment> BackupRun::start_stream(DriveSlot* sp,
                                                        const source::SourceSpec& spec) {
    auto ss = std::make_unique<SessionState>();
    ss->spec = spec;
    ss->device = source_device(spec);
    ss->drive = sp->name;
    const std::uint32_t stream_id = sp->next_stream++;
    auto sealer = p_.encryption.sealer_for(sp->session_uuid, stream_id, o_.block_size);
    if (!sealer) {
        log_->error("cannot encrypt {}: {}", spec.text, sealer.error().message);
        return std::nullopt;
    }
    const auto base = p_.levels.bases.find(spec.text);
    catalog::NewSaveset row;
    row.job_id = ctx_.id();
    row.session_id = sp->session_id;
    row.stream_id = stream_id;
    row.source = spec.text;
    // A client's tree is a file tree like any other; its source names the client.
    row.kind = source::to_string(
        spec.kind == source::SourceKind::Client ? source::SourceKind::FileTree : spec.kind);
    row.codec = p_.codec.str();
    if (base != p_.levels.bases.end()) row.base_id = base->second.saveset_id;
    auto saveset_id = catalog::add_saveset(*jobdb_, row);
    if (!saveset_id) {
        log_->error("cannot record save set for {}", spec.text);
        return std::nullopt;
    }
    ss->saveset_id = saveset_id.value();
    // The read buffer in kStreamBuffers parts: the session fills one while the drive copies
    // others into blocks. Two halves made either side wait whenever the other was descheduled
    // for a moment (issue 17: a 2-core machine running five threads of a small-file backup).
    const std::size_t part = std::max<std::size_t>(64 * 1024, o_.read_buffer / kStreamBuffers);
    const std::size_t blocks = o_.read_buffer / o_.block_size;
    if (spec.kind != source::SourceKind::Client && !sealer.value() && blocks >= kStreamBuffers) {
        // Read here and written in clear: the read buffer in blocks (StreamBuffer), so a full
        // one goes to its drive without being copied (DriveWorker::place_chunk).
        ss->channel = std::make_unique<StreamChannel>(
            sp->signal, blocks, o_.block_size - kBlockHeadroom, kBlockHeadroom);
    } else {
        ss->channel = std::make_unique<StreamChannel>(sp->signal, kStreamBuffers, part);
    }
    ss->writer = std::make_unique<StreamWriter>(*ss->channel, p_.codec);
    if (spec.kind == source::SourceKind::Client) {
        ss->remote =
            p_.clients->open_session({spec, p_.codec, part, o_.walk, *ss->channel, ss->counters,
                                      reader_context(*ss, spec), std::move(sealer.value())});
    } else {
        ss->writer->set_sealer(std::move(sealer.value()));
        ss->reader = std::make_unique<SessionReader>(spec, *ss->writer, reader_context(*ss, spec),
                                                     ss->counters);
    }
    SessionState* raw = ss.get();
    raw->thread = std::thread([raw] {
        name_this_thread("tl-session");
        raw->result = raw->remote ? raw->remote->run() : raw->reader->run();
        raw->finished = true;
    });
    StreamAssignment a;
    a.stream_id = stream_id;
    a.saveset_id = ss->saveset_id;
    a.channel = ss->channel.get();
    a.info = {stream_id, media_kind(spec.kind), spec.text, p_.codec.codec, format::kUnknownSize};
    sessions_.push_back(std::move(ss));
    return a;
}

std::optional<StreamAssignment> BackupRun::next_stream(DriveSlot* sp) {
    std::lock_guard lock(mutex_);
    if (!sp->opened.empty()) {
        auto a = sp->opened.front();
        sp->opened.pop_front();
        return a;
    }
    if (ctx_.cancelled()) return std::nullopt;
    std::deque<source::SourceSpec>& from = sp->initial.empty() ? p_.pending : sp->initial;
    if (from.empty()) return std::nullopt;
    auto spec = from.front();
    from.pop_front();
    return start_stream(sp, spec);
}

Status BackupRun::add_slot(std::size_t index) {
    auto slot = std::make_unique<DriveSlot>();
    slot->index = index;
    slot->name = p_.lib->drive(index).name();
    DriveWorkerConfig cfg;
    cfg.drive_index = index;
    cfg.block_size = o_.block_size;
    cfg.sessions = o_.sessions_per_drive;
    cfg.checkpoint_bytes = o_.checkpoint_bytes;
    cfg.checkpoint_entries = std::max<std::size_t>(o_.checkpoint_entries, 1);
    cfg.session_uuid = format::Uuid::random();
    cfg.job_id = static_cast<std::uint64_t>(ctx_.id());
    cfg.job_started = static_cast<std::int64_t>(ctx_.report().started);
    cfg.host = host_;
    cfg.codec = p_.codec.codec;
    cfg.now = [this] { return ctx_.elapsed(); };
    cfg.at = [this](Clock::Mono t) { return seconds_between(ctx_.started(), t); };
    cfg.unix_now = [this] { return static_cast<std::int64_t>(to_unix_seconds(clock_.wall())); };
    auto session = catalog::add_session(*jobdb_, ctx_.id(), cfg.session_uuid.bytes.data(),
                                        slot->name, o_.block_size);
    if (!session) return session.error();
    cfg.session_id = slot->session_id = session.value();
    slot->session_uuid = cfg.session_uuid;
    TL_TRY(encrypt_session(p_.encryption, *jobdb_, cfg));
    DriveSlot* sp = slot.get();
    auto next = [this, sp](std::size_t) { return next_stream(sp); };
    auto done = [this](std::int64_t saveset, std::uint64_t bytes) {
        std::lock_guard lock(mutex_);
        for (auto& s : sessions_)
            if (s->saveset_id == saveset) s->stream_bytes = bytes;
    };
    slot->worker = std::make_unique<DriveWorker>(cfg, p_.lib->drive(index), *volumes_, *writer_,
                                                 slot->signal, next, done);
    slots_.push_back(std::move(slot));
    return {};
}

void BackupRun::cancel_all() {
    for (auto& s : slots_) {
        {
            std::lock_guard lock(s->signal.mutex);
            s->signal.cancelled = true;
        }
        s->signal.cv.notify_all();
    }
}

void BackupRun::open_first_streams() {
    std::lock_guard lock(mutex_);
    for (auto& s : slots_)
        while (!s->initial.empty() && !ctx_.cancelled()) {
            auto spec = s->initial.front();
            s->initial.pop_front();
            if (auto a = start_stream(s.get(), spec)) s->opened.push_back(*a);
        }
    ctx_.report().sessions_started_at = ctx_.elapsed();
}

void BackupRun::start() {
    open_first_streams();
    drives_running_ = static_cast<int>(slots_.size());
    for (auto& s : slots_) {
        DriveSlot* sp = s.get();
        drive_threads_.emplace_back([this, sp] {
            name_this_thread("tl-drive");
            sp->result = sp->worker->run();
            if (!sp->result) {
                log_->error("{}: {}", sp->name, sp->result.error().message);
                cancel_all();
            }
            {
                std::lock_guard lock(done_mutex_);
                --drives_running_;
            }
            done_cv_.notify_all();
        });
    }
}

void BackupRun::wait() {
    // The last drive's end wakes this at once; meanwhile it looks at the cancel flag and the
    // catalog writer every 50 ms (neither signals).
    const auto step = std::chrono::duration<double>(std::min(0.05, o_.poll_interval));
    std::unique_lock lock(done_mutex_);
    while (!done_cv_.wait_for(lock, step, [this] { return drives_running_ == 0; })) {
        lock.unlock();
        // A catalog that can no longer take the entries (its server gone) ends the job now:
        // what is written to tape from here on could never be found for a restore.
        if (ctx_.cancelled() || (writer_ && writer_->failed())) cancel_all();
        lock.lock();
    }
}

void BackupRun::stop() {
    if (stopped_) return;
    stopped_ = true;
    for (auto& t : drive_threads_)
        t.join();
    for (auto& s : slots_)
        if (s->worker && !s->result) drive_failed_ = true;
    if (drive_failed_) cancel_all();
    {
        // Readers whose drive failed before it took their stream are cancelled too.
        std::lock_guard lock(mutex_);
        p_.pending.clear();
    }
    for (auto& s : sessions_)
        s->thread.join();
    if (writer_) catalog_status_ = writer_->close();
}

metrics::LiveSnapshot BackupRun::collect() {
    metrics::LiveSnapshot live;
    live.level = to_string(p_.levels.level);
    live.level_note = p_.levels.promotion;
    live.total_bytes = expected_bytes_;
    const double now = ctx_.elapsed();
    for (std::size_t d = 0; d < slots_.size(); ++d) {
        const auto& pr = slots_[d]->worker->progress();
        const auto& dc = p_.lib->drive(slots_[d]->index).counters();
        metrics::LiveDrive x;
        x.name = slots_[d]->name;
        x.volume = pr.volume();
        x.state = metrics::activity_name(pr.timeline.current());
        x.bytes = pr.bytes.load();
        x.blocks = pr.blocks.load();
        x.shoeshine = dc.shoeshine_events.load() - shoeshine_before_[d];
        const auto cap = dc.buffer_capacity.load();
        x.buffer_fill =
            cap ? static_cast<double>(dc.buffer_bytes.load()) / static_cast<double>(cap) : -1;
        x.positioning_ops = dc.positioning_ops.load();
        x.position = p_.lib->drive(slots_[d]->index).live_position();
        const auto secs = pr.timeline.seconds(now);
        x.seconds_writing = secs[static_cast<std::size_t>(metrics::Activity::Writing)];
        x.seconds_positioning = secs[static_cast<std::size_t>(metrics::Activity::Positioning)];
        x.seconds_mounting = secs[static_cast<std::size_t>(metrics::Activity::Mounting)];
        x.seconds_idle = secs[static_cast<std::size_t>(metrics::Activity::Idle)];
        x.seconds_waiting_media = secs[static_cast<std::size_t>(metrics::Activity::WaitingMedia)];
        live.drives.push_back(std::move(x));
    }
    std::lock_guard lock(mutex_);
    for (auto& s : sessions_) {
        metrics::LiveSession x;
        x.source = s->spec.text;
        x.drive = s->drive;
        x.bytes = s->counters.bytes_read.load();
        x.stored = s->counters.stream_bytes.load();
        x.files = s->counters.files.load();
        if (!s->finished.load())
            x.state = "reading";
        else if (s->result)
            x.state = "done";
        else {
            x.state = "failed";
            x.error = s->result.error().message;
        }
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
    for (const auto& p : p_.pending) {
        metrics::LiveSession x;
        x.source = p.text;
        x.state = "waiting for a drive";
        live.sessions.push_back(std::move(x));
    }
    return live;
}

void BackupRun::fill_drive_reports(JobReport& r) {
    for (auto& s : slots_) {
        DriveReport d;
        d.name = s->name;
        d.bytes = s->worker->progress().bytes.load();
        d.blocks = s->worker->progress().blocks.load();
        d.volumes = s->worker->volumes_used();
        const auto& dc = p_.lib->drive(s->index).counters();
        d.shoeshine_events = dc.shoeshine_events.load();
        d.sync_restarts = dc.sync_restarts.load();
        d.lowest_speed = static_cast<double>(dc.lowest_speed_step.load());
        d.tape_seconds = static_cast<double>(dc.tape_moving_ns.load()) / 1e9;
        d.times = s->worker->times();
        r.tape_bytes += d.bytes;
        for (const auto& v : d.volumes)
            if (std::find(r.volumes.begin(), r.volumes.end(), v) == r.volumes.end())
                r.volumes.push_back(v);
        r.drives.push_back(d);
        if (!s->result && r.error.empty()) r.error = s->name + ": " + s->result.error().message;
    }
}

// Each session's report, its save set's outcome stored; a failed one is "failed" (or
// "cancelled") in r.sessions.
void BackupRun::fill_session_reports(JobReport& r, std::vector<LevelCounts>& counts) {
    auto& db = engine_catalog(ctx_.engine());
    for (auto& s : sessions_) {
        counts.push_back({s->saveset_id, s->spec.text, s->base_saveset_id,
                          s->counters.unchanged.load(), s->counters.same_content.load(),
                          s->counters.deleted.load()});
        SessionReport x;
        x.saveset_id = s->saveset_id;
        x.source = s->spec.text;
        x.drive = s->drive;
        x.bytes = s->counters.bytes_read.load();
        x.stored = s->stream_bytes;
        x.files = s->counters.files.load();
        if (!s->result) {
            x.status = s->result.error().kind == ErrorKind::Cancelled ? "cancelled" : "failed";
            x.error = s->result.error().message;
        } else {
            x.status = s->counters.warnings.load() ? "warnings" : "completed";
        }
        r.bytes += x.bytes;
        r.stored += x.stored;
        r.files += x.files;
        // A save set whose outcome is not stored stays 'running', which no restore trusts: the
        // job fails with it, naming why.
        if (auto st =
                catalog::finish_saveset(db, x.saveset_id, x.status, x.files, x.bytes, x.stored);
            !st) {
            log_->error("save set {} ({}): its outcome was not stored in the catalog: {}",
                        x.saveset_id, x.source, st.error().message);
            x.status = "failed";
            x.error = "its outcome was not stored in the catalog: " + st.error().message;
            if (r.error.empty()) r.error = x.source + ": " + x.error;
        }
        r.sessions.push_back(x);
    }
}

void BackupRun::record_clients() {
    auto& db = engine_catalog(ctx_.engine());
    const auto now =
        std::chrono::duration_cast<std::chrono::seconds>(clock_.wall().time_since_epoch()).count();
    for (const auto& name : p_.clients->names()) {
        bool backed_up = false;
        long long bytes = 0;
        nlohmann::json hello;
        for (auto& s : sessions_) {
            if (!s->remote || p_.remote->client_of(s->spec) != name) continue;
            backed_up |= s->result.ok();
            bytes += static_cast<long long>(s->counters.bytes_read.load());
            if (auto h = s->remote->agent_hello(); !h.empty()) hello = h;
        }
        // No hello from any session: the agent did not answer (or refused the link).
        Status st = hello.empty()
                        ? catalog::record_client_unreachable(db, name)
                        : catalog::record_client_contact(db, name, hello.value("version", ""),
                                                         hello.value("os", ""), now);
        if (st && backed_up) st = catalog::record_client_backup(db, name, now, bytes);
        if (!st) log_->warn("client {}: {}", name, st.error().message);
    }
}

std::vector<LevelCounts> BackupRun::close_sessions(JobReport& r) {
    std::vector<LevelCounts> counts;
    fill_drive_reports(r);
    fill_session_reports(r, counts);
    return counts;
}

void BackupRun::report(JobReport& r) {
    const bool any_session_failed =
        std::any_of(r.sessions.begin(), r.sessions.end(), [](const SessionReport& x) {
            return x.status == "failed" || x.status == "cancelled";
        });
    for (const auto& w : volumes_->warnings())
        warnings_.push_back(w);
    r.warnings = warnings_;
    r.compression_ratio =
        r.stored > 0 ? static_cast<double>(r.bytes) / static_cast<double>(r.stored) : 1;
    r.codec = p_.codec.str();
    r.wall_rate = rate_over_work(r, r.tape_bytes);
    if (!catalog_status_ && r.error.empty()) r.error = catalog_status_.error().message;
    if (ctx_.cancelled())
        r.status = "cancelled";
    else if (drive_failed_ || !catalog_status_)
        r.status = "failed";
    else if (any_session_failed)
        r.status = "partial";
    else if (!r.warnings.empty())
        r.status = "warnings";
    else
        r.status = "completed";
    // A promotion is reported, but the backup it ran is complete: it does not set the status.
    if (!p_.levels.promotion.empty()) r.warnings.insert(r.warnings.begin(), p_.levels.promotion);
}

// The acquire phase: the drives (and later each volume mounted) are reserved for this job; it
// waits, saying why in its row, while other jobs hold them (docs/reservations.md). Null drives
// have no other job to share them with.
Result<std::vector<std::size_t>> acquire_drives(JobContext& ctx, const BackupOptions& o,
                                                BackupPlan& p) {
    std::vector<std::size_t> drives(p.ndrives);
    for (std::size_t d = 0; d < p.ndrives; ++d)
        drives[d] = d;
    if (o.null_drives) return drives;
    JobNeeds needs;
    needs.drives.count = p.ndrives;
    needs.drives.automatic = o.drives == 0;
    auto r = ctx.acquire(*p.lib, needs);
    if (!r) return r.error();
    log::get("job")->info("backup job {}: drive(s) {} reserved", ctx.id(),
                          describe_drives(r.value()->drives()));
    return r.value()->drives();
}

nlohmann::json level_fields(const LevelPlan& levels, const std::vector<LevelCounts>& counts) {
    nlohmann::json j = nlohmann::json::object();
    add_level_fields(j, levels, counts);
    return j;
}

} // namespace

Result<JobReport> run_backup(Engine& engine, const BackupOptions& o,
                             const std::function<void(const BackupProgress&)>& progress,
                             std::atomic<bool>* cancel) {
    auto log = log::get("job");
    auto plan = plan_backup(engine, o); // everything the administrator typed, before a tape moves
    if (!plan) return plan.error();
    auto& p = plan.value();
    JobContext ctx(engine, cancel);
    TL_TRY(ctx.open({"backup", o.name, to_string(p.levels.level), p.pool.id}));
    log->info("backup job {} started: level {}, {} source(s), {} drive(s) x {} session(s), "
              "block {} B",
              ctx.id(), to_string(p.levels.level), p.pending.size(), p.ndrives,
              o.sessions_per_drive, o.block_size);
    if (!p.levels.promotion.empty()) log->info("backup job {}: {}", ctx.id(), p.levels.promotion);
    auto& report = ctx.report();
    report.block_size = o.block_size;
    report.sessions_per_drive = o.sessions_per_drive;
    report.poll_interval = o.poll_interval;
    auto failed = [&](const Error& e) -> Result<JobReport> {
        ctx.fail(e, level_fields(p.levels, {}));
        // Recorded here, reported by the caller from the returned report (once on a terminal).
        log::record_only("job")->error("backup job {} failed: {}", ctx.id(), e.message);
        return ctx.report();
    };
    auto drives = acquire_drives(ctx, o, p);
    if (!drives) return failed(drives.error());
    report.reserved_at = ctx.elapsed();
    BackupRun run(ctx, o, p);
    if (auto st = run.prepare(drives.value()); !st) return failed(st.error());
    run.start();
    // The monitor: the drives' and sessions' counters at each poll, published live
    // (metrics::LiveBoard) and kept as the job's series; rates are derived in JobMonitor.
    ctx.start_monitor([&run] { return run.collect(); }, {o.poll_interval, !o.null_drives},
                      [&progress](const metrics::LiveSnapshot& live) {
                          if (!progress) return;
                          BackupProgress bp;
                          bp.elapsed = live.elapsed;
                          for (const auto& d : live.drives)
                              bp.drive_bytes.push_back(d.bytes);
                          bp.source_bytes = live.source_bytes;
                          bp.files = live.files;
                          bp.live = live;
                          progress(bp);
                      });
    run.wait();
    run.stop();
    run.record_clients();
    ctx.stop_monitor();
    // The catalog's last rows are the job's: stored before its end is stamped.
    const auto counts = run.close_sessions(report);
    ctx.stamp_end();
    run.report(report);
    TL_TRY(ctx.finish(level_fields(p.levels, counts)));
    log->info("backup job {} {}: {} files, {} bytes in {:.2f} s", ctx.id(), report.status,
              report.files, report.bytes, report.elapsed);
    return report;
}

} // namespace tl::job
