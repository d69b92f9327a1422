#pragma once
// The typed door's restores (api.h): what to restore where, and what a restore did.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "client/jobs.h"
#include "common/result.h"
#include "job/restore_job.h"

namespace tl::client {

// POST /v1/restores (docs/api.md "Resources"). One of job, saveset or source (with at).
struct RestoreRequest {
    std::int64_t job = 0;
    std::int64_t saveset = 0;
    std::string source;
    long long at = 0;               // unix seconds; 0: now
    std::vector<std::string> paths; // globs or directories as backed up; empty: everything
    bool changes_only = false;
    std::string client; // a client's tapeloom-agent; "": the job's own client, or this machine
    std::string target; // absolute; "/" over the original files
    std::string existing = "skip"; // skip | overwrite | keep-newer | rename
    std::string library;
    std::size_t drives = 0; // 0: as many as useful
    std::string sync = "end";
    std::string read_order = "position";
    // POST /v1/restore-plans only: a plan whose save sets need keys the key store lacks names
    // them (RestorePlan::missing_keys) instead of failing with KeyMissing.
    bool report_missing_keys = false;
};

nlohmann::json to_json(const RestoreRequest& r);

// The request of one restore run's options, to `client` ("" as in RestoreRequest); the target
// is the options' `to` as given ("/" when empty): the caller makes it absolute.
RestoreRequest restore_request(const job::RestoreOptions& o, const std::string& client);

// The report and outcome (files restored, skipped, failed, reads, problems) of an ended
// restore job; InvalidArgument naming the job when it is no restore or has not ended.
Result<job::RestoreResult> restore_result(const Job& j);

} // namespace tl::client
