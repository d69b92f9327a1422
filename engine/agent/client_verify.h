#pragma once
// verify --job N --against-client (docs/agent.md "Verifying against a client"): the job's save
// sets of clients read from tape on one reserved drive; each object's header and trailer (not
// its data) go to the agent of the client the save set came from, which compares them with its
// files below the tree's path (agent/agent_compare.h). The tape's own data is checked against
// each trailer on the way (a damaged object is reported). A verify job with its row and report.
#include <atomic>
#include <string>
#include <vector>

#include "context/engine.h"
#include "job/restore_job.h"

namespace tl::agent {

struct ClientFileDifference {
    std::string client, path, why; // path as on the client
};

struct ClientVerifyResult {
    std::int64_t job_id = 0, verify_job_id = 0;
    std::string status; // completed (all the same), partial (some differ or are missing), failed
    std::string error;
    std::uint64_t compared = 0, same = 0, differing_count = 0, missing_count = 0;
    std::vector<ClientFileDifference> differing, missing; // the first 1,000 of each per save set
    job::ReadStats read;
};

// The error is for a verify that could not start (no such job, a job of no client, an agent
// that cannot be reached or speaks protocol 1.0).
Result<ClientVerifyResult> run_client_verify(Engine& engine, std::int64_t job_id,
                                             const std::string& library,
                                             std::atomic<bool>* cancel = nullptr);

} // namespace tl::agent
