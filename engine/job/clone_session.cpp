#include "job/clone_session.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "codec/compressor.h"
#include "common/log.h"
#include "common/version.h"
#include "context/engine_catalog.h"
#include "job/clone_feed.h"
#include "job/clone_job.h"
#include "job/drive_worker.h"
#include "job/restore_selection.h"
#include "job/saveset_reader.h"
#include "job/volume_manager.h"

namespace tl::media {

namespace {
constexpr std::size_t kBufferBytes = 1 << 20; // per channel buffer (two per stream)

// Object boundaries from the catalog's entries (for resynchronizing after a damaged block of
// the copy, and for indexing the objects a clear copy checked).
std::vector<std::uint64_t> boundaries_of(catalog::Db& db, std::int64_t saveset) {
    std::vector<std::uint64_t> out;
    job::SelectionRequest req;
    req.saveset_id = saveset;
    req.changes_only = true;
    if (auto sel = job::select_files(db, req))
        for (const auto& ss : sel->savesets)
            for (const auto& f : ss.files)
                out.push_back(f.offset);
    std::sort(out.begin(), out.end());
    return out;
}

std::string bad_block_text(const job::BadBlock& b) {
    return "bad block " + std::to_string(b.block) + " of tape file " + std::to_string(b.tape_file) +
           " on " + b.volume + ": " + b.message;
}

// One session's copy: the steps of copy_session() over shared state.
class SessionCopier final {
public:
    SessionCopier(Engine& engine, const ClonePlan& plan, const SessionToCopy& s, CopyTools& t)
        : engine_(engine), db_(engine_catalog(engine)), plan_(plan), s_(s), t_(t),
          originals_(s.originals) {}

    Status open_copy();
    Status add_streams();
    Status run(SessionCopy& out);
    void remove_copy();

private:
    Status read_original();
    Status check_copies(SessionCopy& out);
    void cancel_writer();

    Engine& engine_;
    catalog::Db& db_;
    const ClonePlan& plan_;
    const SessionToCopy& s_;
    CopyTools& t_;
    const std::vector<catalog::OriginalSaveset>& originals_;
    job::DriveWorkerConfig cfg_;
    job::DriveSignal signal_;
    std::vector<std::unique_ptr<job::StreamChannel>> channels_;
    std::vector<CheckSink> sinks_;
    std::vector<Feed> feeds_;
    std::vector<job::StreamAssignment> assignments_;
    std::vector<ClonedSaveset> copies_;
    std::map<std::int64_t, std::uint64_t> written_;
    std::mutex written_mutex_;
    job::ReadStats read_stats_;
};

Status SessionCopier::open_copy() {
    const auto& first = originals_.front();
    cfg_.drive_index = t_.write_drive;
    cfg_.block_size = first.block_size;
    cfg_.sessions = originals_.size(); // every stream active at once: the reader feeds all
    cfg_.session_uuid = format::Uuid::random();
    cfg_.job_id = static_cast<std::uint64_t>(plan_.job_id);
    cfg_.job_started = plan_.job_started;
    cfg_.unix_now = [this] {
        return static_cast<std::int64_t>(to_unix_seconds(engine_.clock().wall()));
    };
    cfg_.host = t_.host;
    cfg_.catalog_files = false;
    if (auto c = codec::parse_codec_spec(first.codec)) cfg_.codec = c->codec;
    auto id =
        catalog::insert_copy_session(db_, plan_.job_id, cfg_.session_uuid.bytes.data(),
                                     t_.library.drive(t_.write_drive).name(), first.block_size);
    if (!id) return id.error();
    cfg_.session_id = id.value();
    return apply_sealing(s_.sealing, db_, cfg_);
}

Status SessionCopier::add_streams() {
    sinks_.resize(originals_.size());
    const std::string keys = s_.sealing.describe();
    for (std::size_t i = 0; i < originals_.size(); ++i) {
        const auto& s = originals_[i];
        auto copy =
            catalog::insert_copy_saveset(db_, {plan_.job_id, cfg_.session_id, s.stream_id, s.source,
                                               s.codec, s.files, s.bytes, s.stored, s.id});
        if (!copy) return copy.error();
        copies_.push_back({s.id, copy.value(), s.source, 0, s.files, keys});
        channels_.push_back(std::make_unique<job::StreamChannel>(signal_, 2, kBufferBytes));
        feeds_.emplace_back(*channels_.back(), boundaries_of(db_, s.id), sinks_[i]);
        job::StreamAssignment a;
        a.stream_id = s.stream_id;
        a.saveset_id = copy.value();
        a.channel = channels_.back().get();
        if (auto c = codec::parse_codec_spec(s.codec)) a.info.codec = c->codec;
        a.info.id = s.stream_id;
        a.info.kind = media_kind(s.kind);
        a.info.identity = s.source;
        assignments_.push_back(a);
    }
    return {};
}

void SessionCopier::cancel_writer() {
    {
        std::lock_guard lock(signal_.mutex);
        signal_.cancelled = true;
    }
    signal_.cv.notify_all();
}

// Reads the original session once for all of its chosen streams into the feeds.
Status SessionCopier::read_original() {
    job::SavesetReader reader(t_.library, db_, t_.read_drive, engine_.home());
    reader.set_sealed_as_is(s_.sealing.how == KeyHandling::CopiedSealed);
    std::vector<job::StreamTarget> targets(originals_.size());
    std::vector<job::BadBlock> bad;
    std::atomic<bool>* cancel = t_.cancel;
    auto check = [&bad, cancel]() -> Status {
        if (!bad.empty()) return make_error(ErrorKind::Corrupt, bad_block_text(bad.front()));
        if (cancel && cancel->load()) return make_error(ErrorKind::Cancelled, "clone cancelled");
        return {};
    };
    for (std::size_t i = 0; i < originals_.size(); ++i) {
        Feed* feed = &feeds_[i];
        targets[i].saveset_id = originals_[i].id;
        targets[i].sink = &sinks_[i];
        targets[i].on_chunk = [feed, check](std::uint64_t off, const std::uint8_t* p,
                                            std::size_t n) -> Status {
            TL_TRY(check());
            return feed->put(off, p, n);
        };
        targets[i].on_sealed_chunk = [feed, check](const format::ChunkView& c) -> Status {
            TL_TRY(check());
            return feed->put_sealed(c);
        };
    }
    Status st = reader.read_streams(targets, [&](const job::BadBlock& b) { bad.push_back(b); });
    read_stats_ = reader.stats();
    if (st && !bad.empty())
        st = make_error(ErrorKind::Corrupt, "the original has a " + bad_block_text(bad.front()));
    if (!st) return st;
    for (auto& f : feeds_)
        TL_TRY(f.finish());
    return {};
}

Status SessionCopier::run(SessionCopy& out) {
    job::VolumeManager volumes(t_.library, t_.volume_db,
                               {plan_.pool.id, plan_.pool.name, plan_.pool.auto_label, "clone"},
                               cfg_.block_size, engine_.clock(), engine_version());
    volumes.set_reservation(&t_.grant);
    std::size_t next_assignment = 0;
    job::DriveWorker worker(
        cfg_, t_.library.drive(t_.write_drive), volumes, t_.catalog, signal_,
        [&](std::size_t) -> std::optional<job::StreamAssignment> {
            if (next_assignment >= assignments_.size()) return std::nullopt;
            return assignments_[next_assignment++];
        },
        [&](std::int64_t saveset, std::uint64_t bytes) {
            std::lock_guard lock(written_mutex_);
            written_[saveset] = bytes;
        });
    Status write_status;
    std::thread write_thread([&] {
        write_status = worker.run();
        if (!write_status) cancel_writer();
    });
    Status read_status = read_original();
    if (!read_status) cancel_writer();
    write_thread.join();
    for (const auto d : {t_.read_drive, t_.write_drive})
        if (t_.library.drive(d).is_open()) (void)t_.library.drive(d).close();
    if (auto st = t_.catalog.finish(); !st && read_status) read_status = st;
    out.bytes_read += read_stats_.bytes_read;
    out.volumes_read.insert(out.volumes_read.end(), read_stats_.volumes.begin(),
                            read_stats_.volumes.end());
    out.bytes_written += worker.progress().bytes.load();
    for (const auto& v : worker.volumes_used())
        out.volumes_written.push_back(v);
    for (auto& w : volumes.warnings())
        out.warnings.push_back(w);
    if (!read_status) {
        // A writer that failed first cancels the read: its error is the cause.
        if (read_status.error().kind == ErrorKind::Cancelled && !write_status) return write_status;
        return read_status;
    }
    TL_TRY(write_status);
    return check_copies(out);
}

Status SessionCopier::check_copies(SessionCopy& out) {
    for (std::size_t i = 0; i < originals_.size(); ++i) {
        auto& c = copies_[i];
        c.stream_bytes = written_[c.copy];
        if (c.stream_bytes != originals_[i].stored)
            return make_error(ErrorKind::Corrupt, "copy of save set " + std::to_string(c.original) +
                                                      " has " + std::to_string(c.stream_bytes) +
                                                      " bytes, the original " +
                                                      std::to_string(originals_[i].stored));
        for (const auto& p : sinks_[i].damaged)
            out.warnings.push_back("save set " + std::to_string(c.original) + ": " + p +
                                   " is damaged on the original (copied as it is)");
    }
    for (const auto& c : copies_) {
        TL_TRY(catalog::mark_copy_cloned(db_, c.copy, c.stream_bytes));
        out.copies.push_back(c);
    }
    return {};
}

void SessionCopier::remove_copy() {
    if (!cfg_.session_id) return;
    // The copy's save sets, extents and tape files go with its session (ON DELETE CASCADE).
    if (auto st = catalog::delete_session(db_, cfg_.session_id); !st)
        log::get("job")->error("clone: cannot remove the incomplete copy: {}", st.error().message);
}
} // namespace

Status copy_session(Engine& engine, const ClonePlan& plan, const SessionToCopy& session,
                    CopyTools& tools, SessionCopy& out) {
    SessionCopier copier(engine, plan, session, tools);
    Status st = copier.open_copy();
    if (st) st = copier.add_streams();
    if (st) st = copier.run(out);
    if (!st) copier.remove_copy();
    return st;
}

} // namespace tl::media
