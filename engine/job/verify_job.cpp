#include "job/verify_job.h"

#include "context/engine_catalog.h"
#include "job/job_context.h"
#include "job/job_reservation.h"
#include "job/verify_outcome.h"

#include <map>
#include <memory>

#include "catalog/entry_store.h"
#include "catalog/job_writer.h"
#include "catalog/session_store.h"
#include "common/log.h"
#include "crypto/key_store.h"
#include "format/object.h"
#include "job/catalog_records.h"
#include "job/verify_plan.h"
#include "media/missing_volumes.h"

namespace tl::job {

namespace {
struct CatalogFile {
    std::string path;
    std::array<std::uint8_t, 16> hash{};
    bool has_hash = false;
    bool seen_ok = false;
    std::uint64_t bytes = 0; // the content's length on media, once it checked
    std::string failure;
};

class VerifySink final : public format::StreamSink {
public:
    explicit VerifySink(std::map<std::uint64_t, CatalogFile>& files) : files_(files) {}
    Status on_object_header(std::uint64_t off, const format::ObjectHeader&) override {
        current_ = files_.find(off);
        return {};
    }
    Status on_data(std::uint64_t, const std::uint8_t*, std::size_t) override { return {}; }
    Status on_object_trailer(const format::ObjectTrailer& t,
                             const format::ObjectCheck& check) override {
        if (current_ == files_.end())
            return {}; // an object the catalog does not list (e.g. skipped later)
        auto& f = current_->second;
        if (!check.length_ok)
            f.failure = "length differs from the trailer";
        else if (!check.hash_ok)
            f.failure = "content hash mismatch";
        else if (f.has_hash && !(hash_from_bytes(f.hash) == t.hash))
            f.failure = "content hash differs from the catalog";
        else {
            f.seen_ok = true;
            f.bytes = t.data_length;
        }
        current_ = files_.end();
        return {};
    }

private:
    std::map<std::uint64_t, CatalogFile>& files_;
    std::map<std::uint64_t, CatalogFile>::iterator current_ = files_.end();
};
// The message of a session's missing key ("" when it is clear or its key is in the store).
Result<std::string> missing_key(catalog::Db& db, const std::string& home, std::int64_t session) {
    auto k = catalog::session_key(db, session);
    if (!k) return k.error();
    if (!k.value() || k.value()->key_id.empty()) return std::string();
    auto key = crypto::KeyStore::in_home(home).load(k.value()->key_id);
    if (key) return std::string();
    if (key.error().kind != ErrorKind::KeyMissing) return key.error();
    return key.error().message;
}

void note_unchecked(VerifyReport& rep, const std::string& why, std::size_t savesets,
                    std::uint64_t files) {
    rep.files_unchecked += files;
    if (rep.key_missing.find(why) == std::string::npos)
        rep.key_missing += (rep.key_missing.empty() ? "" : "; ") + why;
    log::get("job")->warn("verify: {} save set(s) with {} files: block CRCs checked, contents "
                          "not checked: {}",
                          savesets, files, why);
}

// A save set to check: its catalog entries (`entries`) against the one read (`reading`: the same
// or its copy, job/verify_plan.h).
struct Item {
    std::int64_t entries = 0;
    std::int64_t reading = 0;
    std::string source;
    std::map<std::uint64_t, CatalogFile> files;
    std::unique_ptr<VerifySink> sink;
};
using Sessions = std::map<std::int64_t, std::vector<std::unique_ptr<Item>>>;

// The plan's save sets grouped by the media session read: each session's blocks are read once
// for all of its interleaved streams.
Sessions by_session(const VerifyPlan& plan) {
    Sessions out;
    for (const auto& p : plan.items) {
        auto it = std::make_unique<Item>();
        it->entries = p.entries;
        it->reading = p.reading;
        it->source = p.source;
        out[p.session].push_back(std::move(it));
    }
    return out;
}

// The run phase of a verify: one session at a time on the reserved drive.
class VerifyRun {
public:
    VerifyRun(JobContext& ctx, device::Library& lib, std::size_t drive, VerifyReport& rep)
        : ctx_(ctx), db_(engine_catalog(ctx.engine())), lib_(lib), drive_(drive),
          first_(lib.drive(drive).counters().bytes_read.load()),
          reader_(lib, db_, drive, ctx.engine().home()), rep_(rep) {}

    // A fatal error (the read could not go on) ends the run.
    Status run(Sessions& sessions) {
        for (auto& [session, items] : sessions) {
            if (ctx_.cancelled()) return make_error(ErrorKind::Cancelled, "verify cancelled");
            TL_TRY(verify_session(session, items));
        }
        return {};
    }
    metrics::LiveSnapshot collect() const {
        metrics::LiveSnapshot live;
        metrics::LiveDrive x;
        x.name = lib_.drive(drive_).name();
        x.state = "reading";
        x.bytes = lib_.drive(drive_).counters().bytes_read.load() - first_;
        live.drives.push_back(std::move(x));
        return live;
    }
    const ReadStats& stats() const { return reader_.stats(); }
    std::uint64_t drive_bytes() const {
        return lib_.drive(drive_).counters().bytes_read.load() - first_;
    }
    std::uint64_t bytes_ok() const { return bytes_ok_; }

private:
    Status load_catalog_files(Item& item) {
        TL_TRY(catalog::for_each_hash(db_, item.entries, [&](const catalog::HashRow& r) {
            CatalogFile f;
            f.path = r.dir.empty() ? r.name : (r.name.empty() ? r.dir : r.dir + "/" + r.name);
            if (r.hash.size() == 16) {
                std::copy(r.hash.begin(), r.hash.end(), f.hash.begin());
                f.has_hash = true;
            }
            item.files.emplace(r.offset, f);
        }));
        item.sink = std::make_unique<VerifySink>(item.files);
        return {};
    }
    void count(std::vector<std::unique_ptr<Item>>& items) {
        for (auto& item : items)
            for (auto& [off, f] : item->files) {
                if (f.seen_ok) {
                    ++rep_.files_ok;
                    bytes_ok_ += f.bytes;
                    continue;
                }
                ++rep_.files_failed;
                rep_.problems.push_back(
                    {item->source, f.path,
                     f.failure.empty() ? "not readable from tape (damaged block)" : f.failure});
            }
    }
    Status verify_session(std::int64_t session, std::vector<std::unique_ptr<Item>>& items) {
        auto missing = missing_key(db_, ctx_.engine().home(), session);
        if (!missing) return missing.error();
        reader_.set_blocks_only(!missing->empty());
        std::vector<StreamTarget> targets;
        for (auto& item : items) {
            TL_TRY(load_catalog_files(*item));
            StreamTarget t;
            t.saveset_id = item->reading;
            t.sink = item->sink.get();
            targets.push_back(t);
        }
        auto st = reader_.read_streams(targets, [&](const BadBlock& b) {
            rep_.bad_blocks.push_back(b);
            log::get("job")->error("verify: bad block {} of tape file {} on {}: {}", b.block,
                                   b.tape_file, b.volume, b.message);
        });
        if (!st) {
            rep_.problems.push_back({items.front()->source, "", st.error().message});
            return st;
        }
        if (missing->empty()) {
            count(items);
            return {};
        }
        std::uint64_t n = 0;
        for (auto& item : items)
            n += item->files.size();
        note_unchecked(rep_, missing.value(), items.size(), n);
        return {};
    }

    JobContext& ctx_;
    catalog::Db& db_;
    device::Library& lib_;
    std::size_t drive_;
    std::uint64_t first_;
    SavesetReader reader_;
    VerifyReport& rep_;
    std::uint64_t bytes_ok_ = 0;
};

// The stored report of a verify: files and bytes that checked, what was read, every problem.
void fill_report(JobReport& r, const VerifyReport& v, const VerifyRun& run,
                 const std::string& drive) {
    r.files = v.files_ok;
    r.bytes = run.bytes_ok();
    r.tape_bytes = run.stats().bytes_read;
    r.stored = run.stats().stream_bytes;
    r.volumes = run.stats().volumes;
    r.wall_rate = rate_over_work(r, r.tape_bytes);
    DriveReport d;
    d.name = drive;
    d.bytes = run.drive_bytes();
    d.blocks = run.stats().blocks_read;
    d.volumes = run.stats().volumes;
    r.drives.push_back(d);
    for (const auto& b : v.bad_blocks)
        r.warnings.push_back("bad block " + std::to_string(b.block) + " of tape file " +
                             std::to_string(b.tape_file) + " on " + b.volume + ": " + b.message);
    for (const auto& p : v.problems)
        if (r.warnings.size() < 10000)
            r.warnings.push_back("failed " + p.source + (p.path.empty() ? "" : " : " + p.path) +
                                 ": " + p.why);
    if (v.files_unchecked > 0)
        r.warnings.push_back("contents of " + std::to_string(v.files_unchecked) +
                             " files not checked: " + v.key_missing);
    r.status = v.status;
}
} // namespace

Result<VerifyReport> run_verify(Engine& engine, const VerifyOptions& o) {
    auto& db = engine_catalog(engine);
    const std::int64_t job_id = o.job_id;
    const auto& library = o.library;
    const auto& drive = o.drive;
    auto plan = plan_verify(db, job_id, o.pool);
    if (!plan) return plan.error();
    // --library, else the library that holds the volumes it reads.
    auto lib =
        device::open_library_holding(db, engine.home(), library, plan->volumes, engine.clock());
    if (!lib) return lib.error();
    // Refused before the job: a volume it reads is not in that library.
    TL_TRY(media::require_volumes_in(db, *lib.value(), plan->volumes, "volume(s)"));
    lib.value() = shared_robot(engine, std::move(lib.value()));
    if (drive && *drive >= lib.value()->drive_count())
        return make_error(ErrorKind::InvalidArgument, "library " + lib.value()->name() +
                                                          " has no drive " +
                                                          std::to_string(*drive));
    VerifyReport rep;
    rep.job_id = job_id;
    rep.pool = o.pool;
    JobContext ctx(engine);
    TL_TRY(ctx.open(
        {"verify",
         "verify job " + std::to_string(job_id) + (o.pool.empty() ? "" : " in pool " + o.pool), "",
         0}));
    rep.verify_job_id = ctx.id();
    // One drive (the one named, else any free one) and the job's volumes, or wait and say why.
    JobNeeds needs;
    if (drive) needs.drives.indices = {*drive};
    needs.volumes = plan->volumes;
    auto reserved = ctx.acquire(*lib.value(), needs);
    if (!reserved) {
        ctx.fail(reserved.error());
        return reserved.error();
    }
    auto sessions = by_session(plan.value());
    const std::size_t index = reserved.value()->drive(0);
    VerifyRun run(ctx, *lib.value(), index, rep);
    ctx.start_monitor([&run] { return run.collect(); });
    const Status fatal = run.run(sessions);
    ctx.stop_monitor();
    rep.stats = run.stats();
    rep.elapsed = ctx.elapsed();
    if (!fatal.ok())
        rep.status = "failed";
    else
        rep.status = (rep.files_failed > 0 || !rep.bad_blocks.empty() || rep.files_unchecked > 0)
                         ? "partial"
                         : "completed";
    ctx.stamp_end();
    fill_report(ctx.report(), rep, run, lib.value()->drive(index).name());
    if (!fatal.ok()) ctx.report().error = fatal.error().message;
    TL_TRY(ctx.finish(verify_outcome_json(rep)));
    if (!fatal) return fatal.error();
    return rep;
}

} // namespace tl::job
