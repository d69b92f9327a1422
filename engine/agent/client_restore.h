#pragma once
// restore --job N --client [OTHER] --to DIR (docs/agent.md): the job's save sets of a client
// read from tape on one reserved drive and sent to a client's agent (the job's own client, or
// another), which writes them with the engine's RestoreWriter below DIR, within its --allow.
// A restore job with its row and report like any other.
#include <atomic>
#include <string>
#include <vector>

#include "context/catalog_handle.h"
#include "context/engine.h"
#include "job/restore_job.h"

namespace tl::agent {

struct ClientRestoreOptions {
    std::int64_t job_id = 0;
    std::int64_t saveset_id = 0; // or one save set of it
    std::string client;          // "" = the client the job backed up
    std::string to;              // absolute, on the client
    std::string existing = "skip";
    std::string library;
    // Only these paths (as `restore --path`: relative to the source, or absolute as backed up)
    // and what is below them; empty = the whole job or save set. Only their objects are sent.
    std::vector<std::string> paths;
};

// A client whose trees job `job_id` (or save set `saveset_id`) backed up; nullopt for a backup
// of this machine's sources.
Result<std::optional<std::string>> job_client(const CatalogHandle& db, std::int64_t job_id,
                                              std::int64_t saveset_id = 0);

// The error is for a restore that could not start (no such job, a job of no client, the
// agent refusing the target or this service); NotFound/InvalidArgument/Io name the cause.
Result<job::RestoreResult> run_client_restore(Engine& engine, const ClientRestoreOptions& o,
                                              std::atomic<bool>* cancel = nullptr);

} // namespace tl::agent
