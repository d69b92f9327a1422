#pragma once
// The agent's side of a restore (docs/agent.md): the service reads the save sets from tape and
// sends their objects (header, data, trailer) as the stream parser reports them; the agent
// writes them with the engine's own RestoreWriter under the requested target, which must lie
// within the agent's --allow roots. The writer never writes outside the target (names with
// "..", absolute names and symlinks are refused), creates each file under a temporary name and
// renames it once the hash the agent computed over the data it received matches the trailer.
#include <nlohmann/json.hpp>

#include "agent/agent_state.h"
#include "agent/tls_link.h"

namespace tl::agent {

// Answers the restore `request` (frame::kRestore) on `link` until the service's finish; the
// outcome (restored, skipped, failed, the objects not restored) goes back in a done frame.
Status serve_restore(TlsLink& link, const nlohmann::json& request, const AllowList& allow);

} // namespace tl::agent
