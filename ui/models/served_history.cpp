#include "models/served_history.h"

#include <algorithm>

#include "models/job_history_model.h"

namespace tl::ui {

namespace {
JobRow rowOf(const client::JobRow& j) {
    JobRow r;
    r.id = j.id;
    r.kind = QString::fromStdString(j.kind);
    r.name = QString::fromStdString(j.name);
    r.level = QString::fromStdString(j.level);
    r.status = QString::fromStdString(j.status);
    r.started = QDateTime::fromSecsSinceEpoch(j.started);
    r.files = static_cast<qint64>(j.files);
    r.bytes = static_cast<qint64>(j.bytes);
    r.seconds = j.elapsed_s;
    r.wall = j.wall_rate_Bps;
    r.sustained = j.sustained_rate_Bps;
    if (r.seconds <= 0 && j.ended > 0) r.seconds = double(j.ended - j.started);
    return r;
}
} // namespace

Result<std::vector<JobRow>> readJobHistory(const DoorAddress& door, std::int64_t max) {
    return readService<std::vector<JobRow>>(
        door, "jobs list", [max](client::Api& api) -> Result<std::vector<JobRow>> {
            auto first = api.jobs(1, 0); // the total: the page ends at the newest job
            if (!first) return first.error();
            const std::int64_t offset = std::max<std::int64_t>(0, first->total - max);
            auto page = api.job_history(max, offset);
            if (!page) return page.error();
            std::vector<JobRow> rows;
            rows.reserve(page->rows.size());
            for (auto it = page->rows.rbegin(); it != page->rows.rend(); ++it)
                rows.push_back(rowOf(*it));
            return rows;
        });
}

} // namespace tl::ui
