#pragma once
// A restore's outcome beside its report: the files restored, skipped and failed, what was read,
// the entries it could not restore and the bad blocks. It is stored with the job's report, so
// that `jobs show`, GET /v1/jobs/{id} and every client of the service read it after the job.
#include <nlohmann/json.hpp>

#include "job/restore_job.h"

namespace tl::job {

// At most this many problems are stored; "problems_total" counts them all.
inline constexpr std::size_t kStoredProblems = 10000;

// {"restored", "skipped", "failed", "blocks_read", "bytes_read", "stream_bytes_read", "seeks",
//  "problems": [{"path", "status", "why"}], "problems_total", "bad_blocks": [...]}
nlohmann::json restore_outcome_json(const RestoreResult& r);
// [{"volume", "tape_file", "block", "message"}]: the bad blocks a read met, as every report and
// --json output names them.
nlohmann::json bad_blocks_json(const std::vector<BadBlock>& blocks);
// The report and the outcome back from a stored restore report (as GET /v1/jobs/{id} gives it).
RestoreResult restore_result_from_json(const nlohmann::json& report);

} // namespace tl::job
