#pragma once
// The body of POST /v1/restores (docs/api.md "Resources"), checked and made into the engine's
// options: {"job": 12, "paths": ["/etc/*"], "client": "web1", "target": "/restore"}, or
// "saveset": ID, or "source": S with "at": UNIX; "existing", "library", "drives", "sync",
// "read_order", "changes_only". The target is absolute: the service runs in "/", not in its
// caller's directory; "/" restores over the original files.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "agent/client_restore.h"
#include "common/result.h"
#include "context/catalog_handle.h"
#include "job/restore_job.h"

namespace tl::service {

struct RestoreRequest {
    job::RestoreOptions local;
    // Set when the files go to a client's tapeloom-agent (named, or the client the job
    // backed up): the whole job or save set.
    std::optional<agent::ClientRestoreOptions> client;
    std::string what; // "restore of job 12 to /restore", for the log and the task list
};

// InvalidArgument naming the field and what it takes for a body of another shape. Without a
// "client", a job or save set of a client's backup goes back to that client (as `restore`);
// without `to_clients` no client is looked at (a plan: the volumes are the same wherever the
// files go).
Result<RestoreRequest> restore_request(const nlohmann::json& body, const CatalogHandle& db,
                                       bool to_clients = true);

} // namespace tl::service
