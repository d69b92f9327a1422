#pragma once
// A verify's outcome beside its report: the files that checked and failed, what was read, each
// problem and bad block, the files whose contents were not checked and why. It is stored with
// the job's report, so that `jobs show`, GET /v1/jobs/{id} and every client of the service (the
// CLI's `verify` through the service, the console) read it after the job.
#include <nlohmann/json.hpp>

#include "job/verify_job.h"

namespace tl::job {

// {"verified_job", "files_ok", "files_failed", "files_unchecked", "key_missing", "blocks_read",
//  "bytes_read", "verify_problems": [{"source", "path", "why"}] (at most kStoredProblems),
//  "bad_blocks": [...]}
nlohmann::json verify_outcome_json(const VerifyReport& v);
// The outcome back from a stored verify report (as GET /v1/jobs/{id} gives it): the verified
// job, this verify's job, status and elapsed from the report.
VerifyReport verify_report_from_json(const nlohmann::json& report);

} // namespace tl::job
