#pragma once
// The agent's side of `verify --against-client` (docs/agent.md, protocol 1.1): the service
// reads a client's save sets from tape and sends each object's header and trailer (no data);
// the agent compares them with the files under the save set's root on this machine, which must
// lie within its --allow roots: missing, another kind, another size or symlink target, other
// content (the XXH3-128 hash of the file's data, as the trailer holds it). Nothing is written.
#include <nlohmann/json.hpp>

#include "agent/agent_state.h"
#include "agent/tls_link.h"

namespace tl::agent {

// Answers the compare `request` (frame::kCompare) on `link` until the service's finish; the
// outcome (compared, same, the differing and missing paths) goes back in a done frame.
Status serve_compare(TlsLink& link, const nlohmann::json& request, const AllowList& allow);

} // namespace tl::agent
