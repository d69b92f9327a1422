#include "job/verify_plan.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "catalog/clone_store.h"
#include "catalog/saveset_store.h"
#include "job/clone_copies.h"
#include "job/no_savesets.h"
#include "media/pool.h"

namespace tl::job {

namespace {
// "; verify its copies with tapeloom-cli verify --job N --pool P" from a clone job's stored
// report, "" when it has none yet.
std::string clone_hint(catalog::Db& db, std::int64_t clone_job) {
    auto stored = catalog::stored_report(db, clone_job);
    if (!stored || !stored.value() || !stored.value()->json) return "";
    const auto doc = nlohmann::json::parse(*stored.value()->json, nullptr, false);
    if (!doc.is_object() || !doc.contains("cloned_job") || !doc.contains("pool") ||
        !doc["cloned_job"].is_number_integer() || !doc["pool"].is_string())
        return "";
    return "; verify the copies it made with tapeloom-cli verify --job " +
           std::to_string(doc["cloned_job"].get<std::int64_t>()) + " --pool " +
           doc["pool"].get<std::string>();
}

// The job is a backup; a clone job's refusal names the verify of the copies it made.
Status check_backup_job(catalog::Db& db, std::int64_t job_id) {
    auto job = require_backup_job(db, job_id);
    if (job) return {};
    const std::string hint = clone_hint(db, job_id); // "" unless a clone job
    return make_error(job.error().kind, job.error().message + hint);
}

// The copy of `original` on volumes of `pool` (the original itself when it is there).
Result<std::optional<media::SavesetCopy>> copy_in_pool(catalog::Db& db, std::int64_t original,
                                                       const std::string& pool) {
    auto copies = media::copies_of(db, original, {});
    if (!copies) return copies.error();
    for (auto& c : copies.value())
        if (c.pool == pool) return std::optional<media::SavesetCopy>(std::move(c));
    return std::optional<media::SavesetCopy>();
}
} // namespace

Result<VerifyPlan> plan_verify(catalog::Db& db, std::int64_t job_id, const std::string& pool) {
    TL_TRY(check_backup_job(db, job_id));
    if (!pool.empty()) TL_TRY(media::find_pool(db, pool));
    auto rows = catalog::job_savesets(db, job_id); // the originals: a copy is not the job's own
    if (!rows) return rows.error();
    VerifyPlan plan;
    std::string without;
    for (const auto& row : rows.value()) {
        VerifyItem item{row.id, row.id, row.session_id, row.source};
        if (!pool.empty()) {
            auto copy = copy_in_pool(db, row.id, pool);
            if (!copy) return copy.error();
            if (!copy.value()) {
                without += (without.empty() ? "" : ", ") + std::to_string(row.id) + " (" +
                           row.source + ")";
                continue;
            }
            item.reading = copy.value()->saveset_id;
            item.session = copy.value()->session_id;
        }
        auto vols = catalog::saveset_volumes(db, item.reading);
        if (!vols) return vols.error();
        for (const auto& v : vols.value())
            plan.volumes.push_back(v.barcode);
        plan.items.push_back(std::move(item));
    }
    if (!without.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "job " + std::to_string(job_id) + " has no copy in pool " + pool +
                              " of save set(s) " + without + "; make one with tapeloom-cli " +
                              "clone --job " + std::to_string(job_id) + " --pool " + pool);
    std::sort(plan.volumes.begin(), plan.volumes.end());
    plan.volumes.erase(std::unique(plan.volumes.begin(), plan.volumes.end()), plan.volumes.end());
    return plan;
}

} // namespace tl::job
