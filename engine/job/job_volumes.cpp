#include "job/job_volumes.h"

#include <algorithm>

#include "catalog/saveset_store.h"

namespace tl::job {

Result<std::vector<std::string>> job_volumes(catalog::Db& db,
                                             const std::vector<std::int64_t>& job_ids) {
    // A clone's save sets carry the job id of the original (job/clone_job.h).
    auto found = catalog::job_volume_barcodes(db, job_ids);
    if (!found) return found.error();
    auto out = std::move(found.value());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace tl::job
