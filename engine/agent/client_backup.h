#pragma once
// What a backup of a client (backup --client NAME, docs/agent.md) decides before a tape
// moves: its sources as save-set sources of the client, and the request its agent gets for
// each session.
#include <deque>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/client_link.h"
#include "codec/compressor.h"
#include "source/file_tree_walker.h"
#include "source/source_spec.h"

namespace tl::agent {

// The client's trees as sources ("client:NAME:/path"); InvalidArgument for a path that is not
// absolute.
Result<std::deque<source::SourceSpec>> client_sources(const std::string& client,
                                                      const std::vector<std::string>& paths);
// What a client's backup cannot do yet: Unsupported naming it (diff/incr, encryption).
Status check_client_backup(const std::string& level, bool encrypted);
// The agent's request for one session of `spec`: its tree, the codec (compression happens on
// the client), the buffer size of the session's channel and the walk's options.
nlohmann::json session_request(const source::SourceSpec& spec, const codec::CodecSpec& codec,
                               std::size_t buffer_bytes, const source::WalkOptions& walk);

} // namespace tl::agent
