#pragma once
// Reports ▸ Jobs: the selected job as the service of the data directory holds it, read through
// the typed door (docs/console.md "Reports"): its stored report (GET /v1/jobs/{id}) and the
// series recorded while it ran (GET /v1/jobs/{id}/report) and its lines of the service's log file
// (GET /v1/jobs/{id}/log). Blocking: call it on a worker thread.
#include <QDateTime>

#include <string>
#include <vector>

#include "bridge/typed_door.h"
#include "job/job_record.h"
#include "metrics/series.h"

namespace tl::ui {

struct JobRow;

struct ServedJob {
    client::Job job;
    metrics::SeriesSet series;
    std::vector<std::string> log; // its lines of the service's log file (GET /v1/jobs/{id}/log)
};

// The job `id` through the door at `door`; its error (logged once) when either read failed.
Result<ServedJob> readServedJob(const DoorAddress& door, qint64 id);

// The job's record for the report view and its exports: the history row's name, kind and
// level with the service's status and report.
job::JobRecord jobRecordOf(const JobRow& row, const ServedJob& served);

} // namespace tl::ui
