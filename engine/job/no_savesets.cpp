#include "job/no_savesets.h"

#include "catalog/job_store.h"

namespace tl::job {

Error no_savesets(catalog::Db& db, std::int64_t job_id, const std::string& wanted) {
    const std::string name = "job " + std::to_string(job_id);
    auto job = catalog::find_job(db, job_id);
    if (!job) return job.error();
    if (!job.value())
        return make_error(ErrorKind::NotFound,
                          name + " does not exist (prune removes a job whose retention ended); "
                                 "see tapeloom-cli jobs list");
    const auto& j = *job.value();
    if (j.kind != "backup")
        return make_error(ErrorKind::InvalidArgument,
                          name + " is a " + j.kind + " job; choose a backup (tapeloom-cli jobs " +
                              "list)");
    if (j.status == "failed" || j.status == "cancelled" || j.status == "running")
        return make_error(ErrorKind::NotFound,
                          name + " (a backup, " + j.status + ") has no " + wanted);
    return make_error(ErrorKind::NotFound, name + " has no " + wanted);
}

} // namespace tl::job
