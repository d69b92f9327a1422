#include "agent/remote_clients.h"

#include <map>
#include <utility>

#include "agent/client_backup.h"
#include "agent/remote_session.h"

namespace tl::agent {

namespace {

constexpr std::size_t kLeastAgentBuffer = 64 * 1024; // what an agent takes (agent_backup.cpp)

class AgentSession : public job::RemoteSession {
public:
    AgentSession(ClientEndpoint client, nlohmann::json request, job::RemoteSessionSpec& s)
        : session_(std::move(client), std::move(request), s.channel, s.counters,
                   std::move(s.context), std::move(s.sealer)) {}
    Status run() override { return session_.run(); }
    nlohmann::json agent_hello() const override { return session_.agent_hello(); }

private:
    agent::RemoteSession session_;
};

class AgentBackupClients : public job::BackupClients {
public:
    explicit AgentBackupClients(std::map<std::string, ClientEndpoint> endpoints)
        : endpoints_(std::move(endpoints)) {}
    std::vector<std::string> names() const override {
        std::vector<std::string> out;
        for (const auto& [name, endpoint] : endpoints_)
            out.push_back(name);
        return out;
    }
    std::unique_ptr<job::RemoteSession> open_session(job::RemoteSessionSpec s) override {
        // A sealed session's agent fills its buffers with whole sealed units, as a local
        // reader does (job/chunk_sealer.h), so no block ends early for a short unit (unless
        // that would take the buffer below the agent's 64 KiB least).
        std::size_t buffer = s.buffer_bytes;
        if (s.sealer && s.sealer->fill_limit(buffer) >= kLeastAgentBuffer)
            buffer = s.sealer->fill_limit(buffer);
        return std::make_unique<AgentSession>(endpoints_.at(client_of(s.spec)),
                                              session_request(s.spec, s.codec, buffer, s.walk), s);
    }

private:
    std::map<std::string, ClientEndpoint> endpoints_;
};

class AgentRemoteClients : public job::RemoteClients {
public:
    Result<std::deque<source::SourceSpec>>
    backup_sources(const std::vector<std::string>& sources,
                   const std::string& client) const override {
        return agent::backup_sources(sources, client);
    }
    std::string client_of(const source::SourceSpec& spec) const override {
        return agent::client_of(spec);
    }
    Result<std::unique_ptr<job::BackupClients>>
    resolve(catalog::Db& db, const std::string& home,
            const std::deque<source::SourceSpec>& specs) const override {
        auto endpoints = client_endpoints(db, home, specs);
        if (!endpoints) return endpoints.error();
        return std::unique_ptr<job::BackupClients>(
            std::make_unique<AgentBackupClients>(std::move(endpoints.value())));
    }
};

} // namespace

std::shared_ptr<job::RemoteClients> make_remote_clients() {
    return std::make_shared<AgentRemoteClients>();
}

} // namespace tl::agent
