#pragma once
// The service's side of a client's backup session (docs/agent.md): it asks the client's agent
// for one tree and places the stream buffers the agent sends into the session's StreamChannel,
// so the drive's multiplexer takes them exactly as a local reader's (same blocks, same
// catalog records, stamped with this save set). When the agent fails, is killed or the link is
// cut, the stream is ended where it stands and the session fails, naming the client; other
// sessions go on.
#include <functional>
#include <mutex>

#include <nlohmann/json.hpp>

#include "agent/buffer_wire.h"
#include "agent/client_link.h"
#include "agent/wire.h"
#include "job/chunk_sealer.h"
#include "job/session_reader.h"
#include "job/stream_channel.h"

namespace tl::agent {

class RemoteSession {
public:
    // `context`: the session's warnings, and for a diff/incr its base chain (loaded here and
    // sent to the agent) and where the deletions the agent finds go. `sealer` (null: a clear
    // session) seals each buffer on this session's thread before the multiplexer takes it,
    // as a local reader seals its own: the agent sends clear stream bytes over the TLS link
    // and never holds the key (docs/agent.md "Encrypted pools").
    RemoteSession(ClientEndpoint client, nlohmann::json request, job::StreamChannel& channel,
                  job::SessionCounters& counters, job::ReaderContext context,
                  std::unique_ptr<job::ChunkSealer> sealer = nullptr);
    // Runs the session to its end; the stream is always ended.
    Status run();
    // The agent's hello (empty when it was never reached).
    nlohmann::json agent_hello() const;

private:
    Status receive_stream(TlsLink& link);
    Status place(TlsLink& link, ReceivedBuffer& b);
    Status send_request(TlsLink& link);
    Status finish(TlsLink& link);
    void end_stream();

    ClientEndpoint client_;
    nlohmann::json request_;
    job::StreamChannel& channel_;
    job::SessionCounters& counters_;
    job::ReaderContext ctx_;
    std::unique_ptr<job::ChunkSealer> sealer_;
    std::uint64_t next_offset_ = 0;
    bool ended_ = false;
    mutable std::mutex mutex_;
    nlohmann::json hello_;
};

} // namespace tl::agent
