#pragma once
// The one C++ client of the Tapeloom service's API (docs/api.md), used by the CLI (and next by
// the console): HTTP/JSON over <home>/tapeloom.sock with cpp-httplib, the `Tapeloom-API`
// version header on every call, and every answer as a tl::Result. The JSON values are the
// CLI's --json shapes. A service that is not there gives NotFound "service not running for
// <home>"; the service's errors come back with their kind and message. No Qt. One client per
// thread.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::client {

struct ServiceInfo {
    long pid = 0;
    std::string home;
    std::string version;
    int api = 0;
};

// An ended queue entry: which job it became and how that ended.
struct QueueEntryState {
    std::int64_t id = 0;
    std::string state;  // queued | running | ended
    std::string status; // ended: completed | warnings | partial | failed | cancelled
    std::int64_t job = 0;
    std::string error;
};

// A task (an action the service runs for a client, docs/api.md "Actions") as last read.
struct TaskState {
    std::int64_t id = 0;
    bool ended = false;
    int exit_code = 0;
    std::string out, err;                 // new output since the offsets asked for
    std::size_t out_end = 0, err_end = 0; // offsets to ask from next
};

class ServiceClient {
public:
    explicit ServiceClient(std::string home);

    const std::string& home() const { return home_; }
    const std::string& socket() const { return socket_; }

    Result<ServiceInfo> service();                                        // GET /v1/service
    Result<nlohmann::json> status();                                      // GET /v1/status
    Result<nlohmann::json> jobs(std::int64_t limit, std::int64_t offset); // GET /v1/jobs
    Result<nlohmann::json> job(std::int64_t id);                          // GET /v1/jobs/{id}
    Result<nlohmann::json> volumes();                                     // GET /v1/volumes
    Result<nlohmann::json> pools();                                       // GET /v1/pools
    Result<nlohmann::json> queue();                                       // GET /v1/queue
    Result<QueueEntryState> queue_entry(std::int64_t id);                 // GET /v1/queue/{id}
    // POST /v1/backups: {"definition": NAME[, "level"]} or {"sources": [...], ...}; returns the
    // queue entry's id at once.
    Result<std::int64_t> submit_backup(const nlohmann::json& request);
    Status cancel(std::int64_t queue_id); // POST /v1/queue/{id}/cancel
    Status stop();                        // POST /v1/service/stop
    // POST the action route of `command` (service/api_protocol.h kActionRoutes) with
    // {"arguments", "options"}; returns the task id at once.
    Result<std::int64_t> start_task(const std::string& command, const nlohmann::json& request);
    Result<TaskState> task(std::int64_t id, std::size_t out_from, std::size_t err_from);
    Status cancel_task(std::int64_t id); // POST /v1/tasks/{id}/cancel
    Result<std::string> metrics();       // GET /metrics

private:
    Result<std::string> call(const std::string& method, const std::string& path,
                             const std::string& body = {});
    Result<nlohmann::json> call_json(const std::string& method, const std::string& path,
                                     const std::string& body = {});

    std::string home_;
    std::string socket_;
};

} // namespace tl::client
