#include "job/job_volumes.h"

#include <algorithm>

namespace tl::job {

Result<std::vector<std::string>> job_volumes(catalog::Db& db,
                                             const std::vector<std::int64_t>& job_ids) {
    // A clone's save sets carry the job id of the original (media/clone_job.h).
    auto q = db.prepare("SELECT DISTINCT v.barcode FROM savesets s JOIN extents e ON "
                        "e.saveset_id=s.id JOIN volumes v ON v.id=e.volume_id WHERE s.job_id=?");
    if (!q) return q.error();
    std::vector<std::string> out;
    for (const auto id : job_ids) {
        q->reset();
        q->bind(1, id);
        for (;;) {
            auto row = q->step();
            if (!row) return row.error();
            if (!row.value()) break;
            out.push_back(q->text(0));
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace tl::job
