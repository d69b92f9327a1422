#pragma once
// The typed door's verifications and clones (api.h): a backup read back from tape (or compared
// with its clients' files) and its save sets copied to another pool, each run by the service as
// a job whose stored report holds what the job found.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/client_verify.h"
#include "client/jobs.h"
#include "common/result.h"
#include "job/clone_job.h"
#include "job/verify_job.h"

namespace tl::client {

// POST /v1/verifications: the backup job `job`, read on `library` ("": the one holding its
// volumes); `pool`: its copies in that pool read instead of its own save sets; `against_client`:
// its save sets compared with the client's files through its agent.
struct VerificationRequest {
    std::int64_t job = 0;
    std::string library;
    std::string pool;
    bool against_client = false;
};

// POST /v1/clones: the save sets of backup job `job` (all, or those named) copied to volumes of
// `pool`; encrypted ones stay sealed unless `reencrypt` (to the pool's key).
struct CloneRequest {
    std::int64_t job = 0;
    std::string pool;
    std::vector<std::int64_t> savesets;
    std::string library;
    bool reencrypt = false;
};

nlohmann::json to_json(const VerificationRequest& r);
nlohmann::json to_json(const CloneRequest& r);

// The outcome of an ended verify job, of one against the clients' files, and of a clone job, from
// its stored report; InvalidArgument naming the job when it is of another kind or has not ended.
Result<job::VerifyReport> verify_result(const Job& j);
Result<agent::ClientVerifyResult> client_verify_result(const Job& j);
Result<media::CloneResult> clone_result(const Job& j);
// The pools holding copies of backup `j`'s save sets (its report's `copies`), sorted, each once:
// what a verify of its copies may name (VerificationRequest::pool).
std::vector<std::string> copy_pools(const Job& j);

} // namespace tl::client
