#pragma once
// What a backup of a client (backup --client NAME, docs/agent.md) decides before a tape
// moves: its sources as save-set sources of the client, and the request its agent gets for
// each session.
#include <deque>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/client_link.h"
#include "codec/compressor.h"
#include "source/file_tree_walker.h"
#include "source/source_spec.h"

namespace tl::agent {

// A backup's sources: "client:NAME:/path" names a client's tree; a bare path is one of
// `client`'s trees when a client is given (backup --client NAME), else this machine's source
// (parse_source). InvalidArgument for a client's path that is not absolute.
Result<std::deque<source::SourceSpec>> backup_sources(const std::vector<std::string>& sources,
                                                      const std::string& client);
// The endpoints of the clients `specs` name (none: an empty map); NotFound for a client not
// added.
Result<std::map<std::string, ClientEndpoint>>
client_endpoints(catalog::Db& db, const std::string& home,
                 const std::deque<source::SourceSpec>& specs);
// The client a source of kind Client reads from.
std::string client_of(const source::SourceSpec& spec);
// The agent's request for one session of `spec`: its tree, the codec (compression happens on
// the client), the buffer size of the session's channel and the walk's options.
nlohmann::json session_request(const source::SourceSpec& spec, const codec::CodecSpec& codec,
                               std::size_t buffer_bytes, const source::WalkOptions& walk);

} // namespace tl::agent
