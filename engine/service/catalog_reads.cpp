#include "service/catalog_reads.h"

#include <filesystem>

#include "catalog/schema.h"
#include "common/version.h"
#include "media/clone_job.h"
#include "media/volume_state.h"

namespace tl::service {

Result<JobPage> read_job_page(catalog::Db& db, std::int64_t limit, std::int64_t offset) {
    JobPage page;
    auto total = db.scalar("SELECT count(*) FROM jobs");
    if (!total) return total.error();
    page.total = total.value();
    auto q = db.prepare("SELECT id, kind, name, level, status, started, ended, files, bytes "
                        "FROM jobs ORDER BY id LIMIT ? OFFSET ?");
    if (!q) return q.error();
    q->bind(1, limit > 0 ? limit : std::int64_t{-1}).bind(2, offset);
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        page.rows.push_back({q->i64(0), q->text(1), q->text(2), q->text(3), q->text(4), q->i64(5),
                             q->i64(6), q->i64(7), q->i64(8)});
    }
    return page;
}

Result<nlohmann::json> read_job(catalog::Db& db, std::int64_t id) {
    auto q = db.prepare("SELECT report, status FROM jobs WHERE id=?");
    if (!q) return q.error();
    q->bind(1, id);
    auto row = q->step();
    if (!row) return row.error();
    const std::string name = "job " + std::to_string(id);
    if (!row.value())
        return make_error(ErrorKind::NotFound, name + " does not exist; see GET /v1/jobs");
    if (q->is_null(0)) return shapes::job_without_report_json(id, q->text(1));
    auto report = nlohmann::json::parse(q->text(0), nullptr, false);
    if (report.is_discarded())
        return make_error(ErrorKind::Corrupt, name + ": its stored report is not JSON");
    auto copies = media::list_copies(db, id);
    if (!copies) return copies.error();
    return shapes::job_report_json(std::move(report), copies.value());
}

Result<EngineStatus> read_status(catalog::Db& db, const std::string& home) {
    EngineStatus s;
    s.home = home;
    s.catalog_path = db.path();
    s.version = engine_version();
    s.schema_version = catalog::schema_version();
    auto libs = db.scalar("SELECT count(*) FROM libraries");
    if (!libs) return libs.error();
    auto drives = db.scalar("SELECT count(*) FROM drives");
    if (!drives) return drives.error();
    s.libraries = libs.value();
    s.drives = drives.value();
    return s;
}

Result<std::map<std::string, std::int64_t>> read_volumes_by_state(catalog::Db& db) {
    std::map<std::string, std::int64_t> out;
    for (auto st : {media::VolumeState::Append, media::VolumeState::Full, media::VolumeState::Used,
                    media::VolumeState::Recyclable, media::VolumeState::Error,
                    media::VolumeState::ReadOnly, media::VolumeState::Disabled})
        out[media::to_string(st)] = 0;
    auto q = db.prepare("SELECT state, count(*) FROM volumes GROUP BY state");
    if (!q) return q.error();
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out[q->text(0)] = q->i64(1);
    }
    return out;
}

Result<CatalogSize> read_catalog_size(catalog::Db& db) {
    CatalogSize size;
    for (const std::string& f : {db.path(), db.path() + "-wal"}) {
        std::error_code ec;
        const auto n = std::filesystem::file_size(f, ec);
        if (!ec) size.bytes += static_cast<std::int64_t>(n);
    }
    auto jobs = db.scalar("SELECT count(*) FROM jobs");
    if (!jobs) return jobs.error();
    size.jobs = jobs.value();
    return size;
}

} // namespace tl::service
