#pragma once
// The agent's side of one backup session (docs/agent.md): the engine's own SessionReader walks
// and reads the requested tree (read-ahead, hashes, sparse files, hard links, xattrs and ACLs,
// the "changed while read" check) into a StreamChannel exactly as for a local source, and
// each filled buffer goes to the service as it is, with its object boundaries and the catalog
// records of the files it completes. The session ends with a done frame (counts, warnings).
#include <nlohmann/json.hpp>

#include "agent/agent_state.h"
#include "agent/tls_link.h"

namespace tl::agent {

// Runs the session `request` asks for (frame::kBackup) on `link`. An error means the
// session did not end normally (the service then fails that save set).
Status serve_backup(TlsLink& link, const nlohmann::json& request, const AllowList& allow);

} // namespace tl::agent
