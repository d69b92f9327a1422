#include "agent/remote_clients.h"

#include <map>
#include <utility>

#include "agent/client_backup.h"
#include "agent/remote_session.h"

namespace tl::agent {

namespace {

class AgentSession : public job::RemoteSession {
public:
    AgentSession(ClientEndpoint client, nlohmann::json request, job::StreamChannel& channel,
                 job::SessionCounters& counters, job::ReaderContext context)
        : session_(std::move(client), std::move(request), channel, counters, std::move(context)) {}
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
        return std::make_unique<AgentSession>(
            endpoints_.at(client_of(s.spec)),
            session_request(s.spec, s.codec, s.buffer_bytes, s.walk), s.channel, s.counters,
            std::move(s.context));
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
    Result<std::unique_ptr<job::BackupClients>> resolve(catalog::Db& db, const std::string& home,
                                                        const std::deque<source::SourceSpec>& specs,
                                                        bool encrypted) const override {
        auto endpoints = client_endpoints(db, home, specs, encrypted);
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
