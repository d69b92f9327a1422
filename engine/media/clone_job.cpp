#include "media/clone_job.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <unistd.h>

#include "catalog/clone_store.h"
#include "codec/compressor.h"
#include "common/log.h"
#include "common/version.h"
#include "device/library.h"
#include "job/backup_encryption.h"
#include "job/catalog_writer.h"
#include "job/drive_worker.h"
#include "job/job_reservation.h"
#include "job/job_volumes.h"
#include "job/restore_selection.h"
#include "job/saveset_reader.h"
#include "job/volume_manager.h"
#include "media/pool.h"

namespace tl::media {

namespace {
constexpr std::size_t kBufferBytes = 1 << 20; // per channel buffer (two per stream)

using Original = catalog::OriginalSaveset;

format::SourceKind media_kind(const std::string& kind) {
    if (kind == "files") return format::SourceKind::Dir;
    if (kind == "raw") return format::SourceKind::BlockDevice;
    if (kind == "cmd") return format::SourceKind::Pipe;
    if (kind == "sqlite") return format::SourceKind::Sqlite;
    return format::SourceKind::File;
}

std::string host_name() {
    char buf[256] = {};
    gethostname(buf, sizeof buf - 1);
    return buf;
}

// The reader's parser checks each object of the original as it passes (hash and length) and
// notes the finished ones for the copy's trailer index (so its volumes list without the
// catalog, like any volume).
class CheckSink final : public format::StreamSink {
public:
    Status on_object_header(std::uint64_t offset, const format::ObjectHeader& h) override {
        current_ = {};
        current_.name = h.path; // the index joins dir and name: the whole path as the name
        current_.offset = offset;
        current_.size = h.size;
        return {};
    }
    Status on_data(std::uint64_t, const std::uint8_t*, std::size_t) override { return {}; }
    Status on_object_trailer(const format::ObjectTrailer& t,
                             const format::ObjectCheck& check) override {
        if (!check.length_ok || !check.hash_ok) damaged.push_back(current_.name);
        current_.hash = job::hash_bytes(t.hash);
        current_.has_hash = true;
        if (current_.size == format::kUnknownSize) current_.size = t.data_length;
        completed.push_back(std::move(current_));
        current_ = {};
        return {};
    }
    std::vector<std::string> damaged;
    std::vector<job::FileRecord> completed; // taken by the Feed as the bytes go out

private:
    job::FileRecord current_;
};

// Feeds one stream's bytes, as read from the original, into the channel of the DriveWorker
// writing the copy; object boundaries come from the catalog's file entries.
struct Feed {
    job::StreamChannel* channel = nullptr;
    job::StreamBuffer* cur = nullptr;
    std::uint64_t next = 0; // next stream byte expected
    std::vector<std::uint64_t> boundaries;
    std::size_t bi = 0;
    CheckSink* sink = nullptr;
    std::vector<job::FileRecord> pending; // objects complete in bytes already handed over

    // Objects whose last byte was handed over ride with the buffer being filled (or the next
    // one): the DriveWorker indexes them once that buffer is on media. Only objects with a
    // catalogued header offset (a boundary the worker positions) are indexed.
    void take_completed() {
        for (auto& r : sink->completed)
            if (std::binary_search(boundaries.begin(), boundaries.end(), r.offset))
                pending.push_back(std::move(r));
        sink->completed.clear();
        if (!cur) return;
        for (auto& r : pending)
            cur->completed.push_back(std::move(r));
        pending.clear();
    }

    Status put(std::uint64_t off, const std::uint8_t* data, std::size_t n) {
        if (off + n <= next) return {}; // a block rewritten after end of medium: seen already
        if (off > next)
            return make_error(ErrorKind::Corrupt,
                              "the original stream has a gap at offset " + std::to_string(next));
        data += next - off;
        n -= static_cast<std::size_t>(next - off);
        while (n > 0) {
            if (!cur) {
                cur = channel->acquire();
                if (!cur) return make_error(ErrorKind::Cancelled, "clone cancelled");
                cur->offset = next;
            }
            const std::size_t len = std::min(n, cur->free());
            std::memcpy(cur->data.get() + cur->size, data, len);
            while (bi < boundaries.size() && boundaries[bi] < next + len) {
                if (boundaries[bi] >= next) cur->boundaries.push_back(boundaries[bi]);
                ++bi;
            }
            cur->size += len;
            next += len;
            data += len;
            n -= len;
            if (n == 0) take_completed();
            if (cur->free() == 0) {
                channel->publish(cur);
                cur = nullptr;
            }
        }
        return {};
    }
    Status finish() {
        if (!cur) {
            cur = channel->acquire();
            if (!cur) return make_error(ErrorKind::Cancelled, "clone cancelled");
            cur->offset = next;
        }
        take_completed();
        cur->last = true;
        channel->publish(cur);
        cur = nullptr;
        return {};
    }
};

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
Status check_target(catalog::Db& db, const std::vector<Original>& chosen, const Pool& pool,
                    std::int64_t job_pool, const std::string& job_pool_name, std::int64_t job_id) {
    if (job_pool == pool.id)
        return make_error(ErrorKind::InvalidArgument,
                          "clone to the same pool: job " + std::to_string(job_id) + " is in pool " +
                              job_pool_name +
                              "; a copy must go to volumes of another pool (e.g. an off-site "
                              "pool: tapeloom-cli pool add Offsite); nothing was changed");
    for (const auto& s : chosen) {
        auto in_pool = catalog::saveset_in_pool(db, s.id, pool.id);
        if (!in_pool) return in_pool.error();
        if (!in_pool.value()) continue;
        const auto& barcode = in_pool.value()->barcode;
        if (!in_pool.value()->is_copy)
            return make_error(ErrorKind::InvalidArgument,
                              "clone to the same pool: save set " + std::to_string(s.id) + " (" +
                                  s.source + ") is on volume " + barcode + " of pool " + pool.name +
                                  "; choose another pool; nothing was changed");
        return make_error(ErrorKind::AlreadyExists, "save set " + std::to_string(s.id) + " (" +
                                                        s.source + ") already has a copy in pool " +
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

Status remove_copy(catalog::Db& db, std::int64_t session_id) {
    // The copy's save sets, extents and tape files go with its session (ON DELETE CASCADE).
    return catalog::delete_session(db, session_id);
}
} // namespace

Result<CloneResult> clone_job(Engine& engine, const CloneOptions& o, std::atomic<bool>* cancel) {
    auto log = log::get("job");
    auto& db = engine.catalog();
    Clock& clock = engine.clock();
    std::int64_t job_pool = 0;
    std::string job_pool_name;
    {
        auto row = catalog::clone_source_job(db, o.job_id);
        if (!row) return row.error();
        if (!row.value())
            return make_error(ErrorKind::NotFound, "job " + std::to_string(o.job_id) +
                                                       " does not exist (see tapeloom-cli "
                                                       "jobs list)");
        const auto& job = *row.value();
        if (job.kind != "backup")
            return make_error(ErrorKind::InvalidArgument, "job " + std::to_string(o.job_id) +
                                                              " is a " + job.kind +
                                                              " job; only backup jobs are cloned");
        if (job.status == "running" || job.status == "waiting")
            return make_error(ErrorKind::Busy, "job " + std::to_string(o.job_id) +
                                                   " is still running; clone it once it ended");
        job_pool = job.pool_id;
        job_pool_name = job.pool;
    }
    auto pool = find_pool(db, o.pool);
    if (!pool) return pool.error();
    // --library, else the library holding the job's volumes (the copy is written there too).
    auto originals_on = job::job_volumes(db, {o.job_id});
    if (!originals_on) return originals_on.error();
    auto lib =
        device::open_library_holding(db, engine.home(), o.library, originals_on.value(), clock);
    if (!lib) return lib.error();
    lib.value() = job::shared_robot(engine, std::move(lib.value()));
    if (lib.value()->drive_count() < 2)
        return make_error(ErrorKind::InvalidArgument,
                          "cloning reads the original with one drive and writes the copy with "
                          "another; library " +
                              lib.value()->name() + " has only one drive");
    // Two drives (one reads, one writes) and the volumes of the original, or wait for them;
    // the volumes the copy is written on are reserved as they are mounted. Reserved before the
    // copies are looked at, so a clone of the same job that ran meanwhile is seen.
    job::JobNeeds needs;
    needs.job_name = "clone of job " + std::to_string(o.job_id);
    needs.drives.count = 2;
    needs.volumes = originals_on.value();
    needs.cancel = cancel;
    auto reserved = job::reserve(engine, *lib.value(), needs);
    if (!reserved) return reserved.error();
    auto chosen = originals_of(db, o);
    if (!chosen) return chosen.error();
    if (o.savesets.empty()) {
        auto missing = without_copies(db, chosen.value(), pool.value());
        if (!missing) return missing.error();
        if (!missing->empty()) chosen = std::move(missing.value()); // else check_target refuses
    }
    TL_TRY(check_target(db, chosen.value(), pool.value(), job_pool, job_pool_name, o.job_id));
    std::map<std::int64_t, std::vector<Original>> by_session;
    std::set<std::uint32_t> block_sizes;
    for (const auto& s : chosen.value()) {
        by_session[s.session_id].push_back(s);
        block_sizes.insert(s.block_size);
    }
    TL_TRY(check_volumes(db, pool.value(), *lib.value(), block_sizes));
    const std::size_t read_drive = reserved.value()->drive(0);
    const std::size_t write_drive = reserved.value()->drive(1);

    CloneResult res;
    res.job_id = o.job_id;
    res.pool = pool->name;
    const auto started = clock.now();
    auto vmdb = catalog::Db::open(db.path(), false);
    if (!vmdb) return vmdb.error();
    auto writer = job::CatalogWriter::open(db.path());
    if (!writer) return writer.error();
    const std::string host = host_name();
    log->info("clone of job {} to pool {}: {} save set(s) in {} session(s)", o.job_id, pool->name,
              chosen->size(), by_session.size());

    for (auto& [session, originals] : by_session) {
        const std::uint32_t block_size = originals.front().block_size;
        job::VolumeManager volumes(*lib.value(), vmdb.value(),
                                   {pool->id, pool->name, pool->auto_label, "clone"}, block_size,
                                   clock, engine_version());
        volumes.set_reservation(&reserved.value()->grant());
        job::DriveWorkerConfig cfg;
        cfg.drive_index = write_drive;
        cfg.block_size = block_size;
        cfg.sessions = originals.size(); // every stream active at once: the reader feeds all
        cfg.session_uuid = format::Uuid::random();
        cfg.job_id = static_cast<std::uint64_t>(o.job_id);
        cfg.host = host;
        cfg.catalog_files = false;
        if (auto c = codec::parse_codec_spec(originals.front().codec)) cfg.codec = c->codec;
        {
            auto id =
                catalog::insert_copy_session(db, o.job_id, cfg.session_uuid.bytes.data(),
                                             lib.value()->drive(write_drive).name(), block_size);
            if (!id) return id.error();
            cfg.session_id = id.value();
        }
        auto fail = [&](const Error& e) -> Result<CloneResult> {
            if (auto st = remove_copy(db, cfg.session_id); !st)
                log->error("clone: cannot remove the incomplete copy: {}", st.error().message);
            // Recorded here; the caller reports the returned error (once on a terminal).
            log::record_only("job")->error("clone of job {} failed: {}", o.job_id, e.message);
            return e;
        };
        if (auto es = job::inherit_session_encryption(db, engine.home(), session, pool->id, cfg);
            !es)
            return fail(es.error());
        job::DriveSignal signal;
        std::vector<std::unique_ptr<job::StreamChannel>> channels;
        std::vector<Feed> feeds(originals.size());
        std::vector<job::StreamAssignment> assignments;
        std::vector<ClonedSaveset> copies;
        for (std::size_t i = 0; i < originals.size(); ++i) {
            const auto& s = originals[i];
            auto copy =
                catalog::insert_copy_saveset(db, {o.job_id, cfg.session_id, s.stream_id, s.source,
                                                  s.codec, s.files, s.bytes, s.stored, s.id});
            if (!copy) return fail(copy.error());
            copies.push_back({s.id, copy.value(), s.source, 0});
            channels.push_back(std::make_unique<job::StreamChannel>(signal, 2, kBufferBytes));
            feeds[i].channel = channels.back().get();
            // Object boundaries (for resynchronizing after a damaged block of the copy).
            job::SelectionRequest req;
            req.saveset_id = s.id;
            req.changes_only = true;
            if (auto sel = job::select_files(db, req))
                for (const auto& ss : sel->savesets)
                    for (const auto& f : ss.files)
                        feeds[i].boundaries.push_back(f.offset);
            std::sort(feeds[i].boundaries.begin(), feeds[i].boundaries.end());
            job::StreamAssignment a;
            a.stream_id = s.stream_id;
            a.saveset_id = copies.back().copy;
            a.channel = channels.back().get();
            if (auto c = codec::parse_codec_spec(s.codec)) a.info.codec = c->codec;
            a.info.id = s.stream_id;
            a.info.kind = media_kind(s.kind);
            a.info.identity = s.source;
            assignments.push_back(a);
        }
        std::size_t next_assignment = 0;
        std::map<std::int64_t, std::uint64_t> written;
        std::mutex written_mutex;
        job::DriveWorker worker(
            cfg, lib.value()->drive(write_drive), volumes, *writer.value(), signal,
            [&](std::size_t) -> std::optional<job::StreamAssignment> {
                if (next_assignment >= assignments.size()) return std::nullopt;
                return assignments[next_assignment++];
            },
            [&](std::int64_t saveset, std::uint64_t bytes) {
                std::lock_guard lock(written_mutex);
                written[saveset] = bytes;
            });
        auto cancel_writer = [&] {
            {
                std::lock_guard lock(signal.mutex);
                signal.cancelled = true;
            }
            signal.cv.notify_all();
        };
        Status write_status;
        std::thread write_thread([&] {
            write_status = worker.run();
            if (!write_status) cancel_writer();
        });

        // Read the original session once for all of its chosen streams.
        job::SavesetReader reader(*lib.value(), db, read_drive, engine.home());
        std::vector<CheckSink> sinks(originals.size());
        std::vector<job::StreamTarget> targets(originals.size());
        std::vector<job::BadBlock> bad;
        for (std::size_t i = 0; i < originals.size(); ++i) {
            targets[i].saveset_id = originals[i].id;
            targets[i].sink = &sinks[i];
            feeds[i].sink = &sinks[i];
            Feed* feed = &feeds[i];
            targets[i].on_chunk = [feed, &bad, cancel](std::uint64_t off, const std::uint8_t* p,
                                                       std::size_t n) -> Status {
                if (!bad.empty())
                    return make_error(ErrorKind::Corrupt,
                                      "bad block " + std::to_string(bad.front().block) +
                                          " of tape file " + std::to_string(bad.front().tape_file) +
                                          " on " + bad.front().volume + ": " + bad.front().message);
                if (cancel && cancel->load())
                    return make_error(ErrorKind::Cancelled, "clone cancelled");
                return feed->put(off, p, n);
            };
        }
        Status read_status =
            reader.read_streams(targets, [&](const job::BadBlock& b) { bad.push_back(b); });
        if (read_status && !bad.empty())
            read_status =
                make_error(ErrorKind::Corrupt,
                           "the original has a bad block (" + std::to_string(bad.front().block) +
                               " of tape file " + std::to_string(bad.front().tape_file) + " on " +
                               bad.front().volume + "): " + bad.front().message);
        if (read_status)
            for (auto& f : feeds)
                if (auto st = f.finish(); !st) {
                    read_status = st;
                    break;
                }
        if (!read_status) cancel_writer();
        write_thread.join();
        for (const auto d : {read_drive, write_drive})
            if (lib.value()->drive(d).is_open()) (void)lib.value()->drive(d).close();
        if (auto st = writer.value()->finish(); !st && read_status) read_status = st;
        const auto& rs = reader.stats();
        res.bytes_read += rs.bytes_read;
        for (const auto& v : rs.volumes)
            res.volumes_read.push_back(v);
        res.bytes_written += worker.progress().bytes.load();
        for (const auto& v : worker.volumes_used())
            res.volumes_written.push_back(v);
        for (auto& w : volumes.warnings())
            res.warnings.push_back(w);
        if (!read_status) {
            if (read_status.error().kind == ErrorKind::Cancelled && !write_status)
                return fail(write_status.error());
            return fail(read_status.error());
        }
        if (!write_status) return fail(write_status.error());
        for (std::size_t i = 0; i < originals.size(); ++i) {
            auto& c = copies[i];
            c.stream_bytes = written[c.copy];
            if (c.stream_bytes != originals[i].stored)
                return fail(make_error(ErrorKind::Corrupt,
                                       "copy of save set " + std::to_string(c.original) + " has " +
                                           std::to_string(c.stream_bytes) +
                                           " bytes, the original " +
                                           std::to_string(originals[i].stored)));
            for (const auto& p : sinks[i].damaged)
                res.warnings.push_back("save set " + std::to_string(c.original) + ": " + p +
                                       " is damaged on the original (copied as it is)");
        }
        for (const auto& c : copies) {
            TL_TRY(catalog::mark_copy_cloned(db, c.copy, c.stream_bytes));
            res.stream_bytes += c.stream_bytes;
            res.savesets.push_back(c);
        }
    }
    res.elapsed = seconds_between(started, clock.now());
    log->info("clone of job {} to pool {}: {} save set(s), {} bytes in {:.1f} s", o.job_id,
              pool->name, res.savesets.size(), res.stream_bytes, res.elapsed);
    return res;
}

Result<std::vector<CopyListing>> list_copies(catalog::Db& db, std::int64_t job_id) {
    auto rows = catalog::finished_copies(db, job_id);
    if (!rows) return rows.error();
    std::vector<CopyListing> out;
    for (const auto& r : rows.value()) {
        CopyListing c{r.original, r.copy, r.source, "", {}};
        auto vols = catalog::saveset_volumes(db, c.copy);
        if (!vols) return vols.error();
        for (const auto& v : vols.value()) {
            c.volumes.push_back(v.barcode);
            if (c.pool.empty()) c.pool = v.pool;
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace tl::media
