#pragma once
// A backup's clients as the job layer sees them (backup --client NAME, docs/agent.md): the job
// parses its sources, resolves the clients they name before a tape moves, and opens one session
// per client tree, whose stream fills the session's StreamChannel like a local reader's. The
// agent's side (TLS link, wire frames, certificates) lives above this layer in engine/agent,
// which implements these interfaces (agent/remote_clients.h); Engine::open
// (assembly/engine_open.cpp) hands that implementation to the Engine, where a backup finds it
// (Engine::remote_clients(); docs/ARCHITECTURE.md "The engine's layers").
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "codec/compressor.h"
#include "common/result.h"
#include "job/chunk_sealer.h"
#include "job/session_reader.h"
#include "job/stream_channel.h"
#include "source/file_tree_walker.h"
#include "source/source_spec.h"

namespace tl::catalog {
class Db;
}

namespace tl::job {

// One session whose tree a client's agent reads.
class RemoteSession {
public:
    virtual ~RemoteSession() = default;
    // Runs the session to its end; the stream is always ended.
    virtual Status run() = 0;
    // The agent's hello (empty when it was never reached).
    virtual nlohmann::json agent_hello() const = 0;
};

// What a session of a client's tree gets: its source, the codec (compression happens on the
// client), the size of its channel's buffers, the walk's options, and where its stream goes.
// `sealer`, for a session written with a key: the stream is sealed on the service as each
// buffer arrives, as a local reader seals its own (the key never leaves the service).
struct RemoteSessionSpec {
    const source::SourceSpec& spec;
    const codec::CodecSpec& codec;
    std::size_t buffer_bytes = 0;
    const source::WalkOptions& walk;
    StreamChannel& channel;
    SessionCounters& counters;
    ReaderContext context;
    std::unique_ptr<ChunkSealer> sealer;
};

// The clients of one backup, resolved in its plan phase.
class BackupClients {
public:
    virtual ~BackupClients() = default;
    // The clients the backup's sources name (none for a backup of this machine only).
    virtual std::vector<std::string> names() const = 0;
    // A session of a source of kind Client.
    virtual std::unique_ptr<RemoteSession> open_session(RemoteSessionSpec session) = 0;
};

// The engine's way to clients; one per Engine.
class RemoteClients {
public:
    virtual ~RemoteClients() = default;
    // A backup's sources: "client:NAME:/path" names a client's tree; a bare path is one of
    // `client`'s trees when a client is given, else this machine's source (parse_source).
    virtual Result<std::deque<source::SourceSpec>>
    backup_sources(const std::vector<std::string>& sources, const std::string& client) const = 0;
    // The client a source of kind Client reads from.
    virtual std::string client_of(const source::SourceSpec& spec) const = 0;
    // The clients `specs` name (NotFound for a client not added).
    virtual Result<std::unique_ptr<BackupClients>>
    resolve(catalog::Db& db, const std::string& home,
            const std::deque<source::SourceSpec>& specs) const = 0;
};

} // namespace tl::job
