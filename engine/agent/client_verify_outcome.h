#pragma once
// A verify against the clients' files, its outcome beside its report: what was compared, the
// files that differ and those missing. Stored with the job's report, so that every client of the
// service (the CLI's `verify --against-client` through it) reads it after the job.
#include <nlohmann/json.hpp>

#include "agent/client_verify.h"

namespace tl::agent {

// {"verified_job", "against_client": true, "compared", "same", "differing_count",
//  "missing_count", "differing": [{"client", "path", "why"}], "missing": [...], "blocks_read"}
nlohmann::json client_verify_outcome_json(const ClientVerifyResult& r);
// The result back from a stored report (GET /v1/jobs/{id}): status and error from the report.
ClientVerifyResult client_verify_result_from_json(const nlohmann::json& report);

} // namespace tl::agent
