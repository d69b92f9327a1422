#include "job/verify_job.h"

#include "job/job_reservation.h"

#include <map>
#include <memory>

#include "catalog/entry_store.h"
#include "catalog/job_store.h"
#include "catalog/job_writer.h"
#include "catalog/saveset_store.h"
#include "catalog/session_store.h"
#include "common/log.h"
#include "crypto/key_store.h"
#include "format/object.h"
#include "job/catalog_records.h"
#include "job/job_volumes.h"

namespace tl::job {

namespace {
struct CatalogFile {
    std::string path;
    std::array<std::uint8_t, 16> hash{};
    bool has_hash = false;
    bool seen_ok = false;
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
        else
            f.seen_ok = true;
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
} // namespace

Result<VerifyReport> run_verify(Engine& engine, std::int64_t job_id, const std::string& library,
                                std::optional<std::size_t> drive) {
    auto& db = engine.catalog();
    auto log = log::get("job");
    VerifyReport rep;
    rep.job_id = job_id;
    {
        auto job = catalog::find_job(db, job_id);
        if (!job) return job.error();
        if (!job.value())
            return make_error(ErrorKind::NotFound,
                              "job " + std::to_string(job_id) + " does not exist");
        if (job.value()->kind != "backup")
            return make_error(ErrorKind::InvalidArgument, "job " + std::to_string(job_id) +
                                                              " is a " + job.value()->kind +
                                                              " job; verify takes a backup job");
    }
    // --library, else the library that holds the job's volumes.
    auto volumes = job_volumes(db, {job_id});
    if (!volumes) return volumes.error();
    auto lib =
        device::open_library_holding(db, engine.home(), library, volumes.value(), engine.clock());
    if (!lib) return lib.error();
    lib.value() = shared_robot(engine, std::move(lib.value()));
    if (drive && *drive >= lib.value()->drive_count())
        return make_error(ErrorKind::InvalidArgument, "library " + lib.value()->name() +
                                                          " has no drive " +
                                                          std::to_string(*drive));
    const auto started = engine.clock().now();
    {
        catalog::NewJob job;
        job.kind = "verify";
        job.name = "verify job " + std::to_string(job_id);
        job.started = to_unix_seconds(engine.clock().wall());
        auto id = catalog::add_job(db, job);
        if (!id) return id.error();
        rep.verify_job_id = id.value();
    }
    // One drive (the one named, else any free one) and the job's volumes, or wait and say why.
    JobNeeds needs;
    needs.job_id = rep.verify_job_id;
    if (drive) needs.drives.indices = {*drive};
    needs.volumes = volumes.value();
    auto reserved = reserve(engine, *lib.value(), needs);
    if (!reserved) {
        catalog::JobUpdate failed;
        failed.status = "failed";
        failed.clear_wait = true;
        failed.ended = to_unix_seconds(engine.clock().wall());
        (void)catalog::update_job(db, rep.verify_job_id, failed);
        return reserved.error();
    }
    // Save sets grouped by media session: each session's blocks are read once for all of its
    // interleaved streams.
    struct Item {
        std::int64_t saveset;
        std::string source;
        std::map<std::uint64_t, CatalogFile> files;
        std::unique_ptr<VerifySink> sink;
    };
    std::map<std::int64_t, std::vector<std::unique_ptr<Item>>> by_session;
    {
        auto rows = catalog::job_savesets(db, job_id); // a clone is not the job's own
        if (!rows) return rows.error();
        for (const auto& row : rows.value()) {
            auto it = std::make_unique<Item>();
            it->saveset = row.id;
            it->source = row.source;
            by_session[row.session_id].push_back(std::move(it));
        }
    }
    SavesetReader reader(*lib.value(), db, reserved.value()->drive(0));
    Status fatal;
    for (auto& [session, items] : by_session) {
        auto missing = missing_key(db, engine.home(), session);
        if (!missing) return missing.error();
        reader.set_blocks_only(!missing->empty());
        std::vector<StreamTarget> targets;
        for (auto& item : items) {
            TL_TRY(catalog::for_each_hash(db, item->saveset, [&](const catalog::HashRow& r) {
                CatalogFile f;
                f.path = r.dir.empty() ? r.name : (r.name.empty() ? r.dir : r.dir + "/" + r.name);
                if (r.hash.size() == 16) {
                    std::copy(r.hash.begin(), r.hash.end(), f.hash.begin());
                    f.has_hash = true;
                }
                item->files.emplace(r.offset, f);
            }));
            item->sink = std::make_unique<VerifySink>(item->files);
            StreamTarget t;
            t.saveset_id = item->saveset;
            t.sink = item->sink.get();
            targets.push_back(t);
        }
        auto st = reader.read_streams(targets, [&](const BadBlock& b) {
            rep.bad_blocks.push_back(b);
            log->error("verify: bad block {} of tape file {} on {}: {}", b.block, b.tape_file,
                       b.volume, b.message);
        });
        if (!st) {
            fatal = st;
            rep.problems.push_back({items.front()->source, "", st.error().message});
            break;
        }
        if (!missing->empty()) {
            note_unchecked(rep, missing.value(), items.size(), [&] {
                std::uint64_t n = 0;
                for (auto& item : items)
                    n += item->files.size();
                return n;
            }());
            continue;
        }
        for (auto& item : items)
            for (auto& [off, f] : item->files) {
                if (f.seen_ok) {
                    ++rep.files_ok;
                    continue;
                }
                ++rep.files_failed;
                rep.problems.push_back(
                    {item->source, f.path,
                     f.failure.empty() ? "not readable from tape (damaged block)" : f.failure});
            }
    }
    rep.stats = reader.stats();
    rep.elapsed = seconds_between(started, engine.clock().now());
    if (!fatal.ok())
        rep.status = "failed";
    else
        rep.status = (rep.files_failed > 0 || !rep.bad_blocks.empty() || rep.files_unchecked > 0)
                         ? "partial"
                         : "completed";
    catalog::JobUpdate end;
    end.status = rep.status;
    end.ended = to_unix_seconds(engine.clock().wall());
    end.files = rep.files_ok;
    end.bytes = rep.stats.bytes_read;
    (void)catalog::update_job(db, rep.verify_job_id, end);
    if (!fatal) return fatal.error();
    return rep;
}

} // namespace tl::job
