#include "job/job_record.h"

#include "catalog/job_store.h"
#include "catalog/job_writer.h"

namespace tl::job {

Result<JobRecord> load_job_record(catalog::Db& db, std::int64_t id) {
    auto row = catalog::find_job(db, id);
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound, "job " + std::to_string(id) +
                                                   " is not in the catalog; see tapeloom-cli "
                                                   "jobs list");
    auto stored = catalog::stored_report(db, id);
    if (!stored) return stored.error();
    const auto& j = *row.value();
    JobRecord r;
    r.id = j.id;
    r.kind = j.kind;
    r.name = j.name;
    r.level = j.level;
    r.status = j.status;
    r.started = j.started;
    r.ended = j.ended;
    r.files = static_cast<std::uint64_t>(j.files);
    r.bytes = static_cast<std::uint64_t>(j.bytes);
    const auto json = stored.value() && stored.value()->json
                          ? nlohmann::json::parse(*stored.value()->json, nullptr, false)
                          : nlohmann::json();
    if (json.is_object()) {
        r.has_report = true;
        r.report = report_from_json(json);
    }
    return r;
}

Result<std::int64_t> record_refused_restore(catalog::Db& db, const std::string& name,
                                            long long when, const std::string& error) {
    JobReport rep;
    rep.kind = "restore";
    rep.status = "failed";
    rep.error = error;
    rep.started = rep.ended = when;
    catalog::NewJob job;
    job.kind = "restore";
    job.name = name;
    job.status = "failed";
    job.started = when;
    job.ended = when;
    job.report = to_json(rep).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    auto added = catalog::add_job(db, job);
    if (!added) return added.error();
    const auto id = added.value();
    rep.job_id = id;
    TL_TRY(catalog::set_job_report(
        db, id, to_json(rep).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
    return id;
}

} // namespace tl::job
