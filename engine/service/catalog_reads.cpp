#include "service/catalog_reads.h"

#include <filesystem>

#include "catalog/schema.h"
#include "catalog/volume_state_counts.h"
#include "common/version.h"
#include "context/engine_status.h"
#include "job/clone_job.h"
#include "media/volume_state.h"

namespace tl::service {

Result<JobPage> read_job_page(catalog::Db& db, std::int64_t limit, std::int64_t offset,
                              bool with_rates) {
    JobPage page;
    auto total = catalog::count_jobs(db);
    if (!total) return total.error();
    page.total = total.value();
    catalog::JobQuery query;
    query.limit = limit > 0 ? static_cast<std::size_t>(limit) : 0;
    query.offset = offset > 0 ? static_cast<std::size_t>(offset) : 0;
    query.with_rates = with_rates;
    auto rows = catalog::list_jobs(db, query);
    if (!rows) return rows.error();
    page.rows = std::move(rows.value());
    return page;
}

Result<nlohmann::json> read_job(catalog::Db& db, std::int64_t id) {
    auto stored = catalog::stored_report(db, id);
    if (!stored) return stored.error();
    const std::string name = "job " + std::to_string(id);
    if (!stored.value())
        return make_error(ErrorKind::NotFound, name + " does not exist; see GET /v1/jobs");
    if (!stored.value()->json)
        return shapes::job_without_report_json(id, stored.value()->status,
                                               stored.value()->waiting_for);
    auto report = nlohmann::json::parse(*stored.value()->json, nullptr, false);
    if (report.is_discarded())
        return make_error(ErrorKind::Corrupt, name + ": its stored report is not JSON");
    auto copies = media::list_copies(db, id);
    if (!copies) return copies.error();
    return shapes::job_report_json(std::move(report), copies.value());
}

Result<EngineStatus> read_status(catalog::Db& db, const std::string& home) {
    return read_engine_status(db, home);
}

Result<std::map<std::string, std::int64_t>> read_volumes_by_state(catalog::Db& db) {
    std::map<std::string, std::int64_t> out;
    for (auto st : {media::VolumeState::Append, media::VolumeState::Full, media::VolumeState::Used,
                    media::VolumeState::Recyclable, media::VolumeState::Error,
                    media::VolumeState::ReadOnly, media::VolumeState::Disabled})
        out[media::to_string(st)] = 0;
    auto counts = catalog::count_volumes_by_state(db);
    if (!counts) return counts.error();
    for (const auto& [state, n] : counts.value())
        out[state] = n;
    return out;
}

Result<CatalogSize> read_catalog_size(catalog::Db& db) {
    CatalogSize size;
    for (const std::string& f : {db.path(), db.path() + "-wal"}) {
        std::error_code ec;
        const auto n = std::filesystem::file_size(f, ec);
        if (!ec) size.bytes += static_cast<std::int64_t>(n);
    }
    auto jobs = catalog::count_jobs(db);
    if (!jobs) return jobs.error();
    size.jobs = jobs.value();
    return size;
}

} // namespace tl::service
