#include "job/no_savesets.h"

#include "catalog/clone_store.h"
#include "catalog/job_store.h"

namespace tl::job {

Result<catalog::JobRecord> require_backup_job(catalog::Db& db, std::int64_t job_id) {
    const std::string name = "job " + std::to_string(job_id);
    auto job = catalog::find_job(db, job_id);
    if (!job) return job.error();
    if (!job.value())
        return make_error(ErrorKind::NotFound,
                          name + " does not exist (prune removes a job whose retention ended); "
                                 "see tapeloom-cli jobs list");
    if (job.value()->kind != "backup")
        return make_error(ErrorKind::InvalidArgument,
                          name + " is a " + job.value()->kind +
                              " job; choose a backup (tapeloom-cli jobs list)");
    return *job.value();
}

Error no_savesets(catalog::Db& db, std::int64_t job_id, const std::string& wanted) {
    auto j = require_backup_job(db, job_id);
    if (!j) return j.error();
    const std::string name = "job " + std::to_string(job_id);
    if (j->status == "failed" || j->status == "cancelled" || j->status == "running")
        return make_error(ErrorKind::NotFound,
                          name + " (a backup, " + j->status + ") has no " + wanted);
    return make_error(ErrorKind::NotFound, name + " has no " + wanted);
}

Error no_saveset(catalog::Db& db, std::int64_t saveset_id, const std::string& otherwise) {
    auto origin = catalog::copy_origin(db, saveset_id);
    if (!origin) return origin.error();
    if (!origin.value()) return make_error(ErrorKind::NotFound, otherwise);
    const auto& o = *origin.value();
    const std::string job = std::to_string(o.job_id);
    return make_error(
        ErrorKind::InvalidArgument,
        "save set " + std::to_string(saveset_id) + " is a copy (clone) of save set " +
            std::to_string(o.original) + " of job " + job + "; name the original (--saveset " +
            std::to_string(o.original) +
            "): a restore reads this copy when the original's volumes are not usable" +
            (o.pool.empty() ? std::string()
                            : "; tapeloom-cli verify --job " + job + " --pool " + o.pool +
                                  " checks the copy"));
}

} // namespace tl::job
