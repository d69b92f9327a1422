#include "client/service_client.h"

#include <httplib.h>
#include <sys/socket.h>

#include "service/api_protocol.h"

namespace tl::client {

namespace {
constexpr time_t kReadTimeoutSeconds = 60;
}

ServiceClient::ServiceClient(std::string home)
    : home_(std::move(home)), socket_(service::socket_path(home_)) {}

Result<std::string> ServiceClient::call(const std::string& method, const std::string& path,
                                        const std::string& body) {
    httplib::Client cli(socket_, 80);
    cli.set_address_family(AF_UNIX);
    cli.set_read_timeout(kReadTimeoutSeconds, 0);
    const httplib::Headers headers = {{service::kApiHeader, std::to_string(service::kApiMajor)}};
    auto res = method == "POST" ? cli.Post(path, headers, body, "application/json")
                                : cli.Get(path, headers);
    if (!res)
        return make_error(ErrorKind::NotFound,
                          "service not running for " + home_ + " (nothing answers on " + socket_ +
                              ": " + httplib::to_string(res.error()) +
                              "); start it with tapeloom-cli --home '" + home_ + "' service start");
    if (res->status >= 300) return service::error_from_body(res->status, res->body);
    return res->body;
}

Result<nlohmann::json> ServiceClient::call_json(const std::string& method, const std::string& path,
                                                const std::string& body) {
    auto text = call(method, path, body);
    if (!text) return text.error();
    auto j = nlohmann::json::parse(text.value(), nullptr, false);
    if (j.is_discarded())
        return make_error(ErrorKind::Corrupt, method + " " + path +
                                                  ": the service's answer is "
                                                  "not JSON");
    return j;
}

Result<ServiceInfo> ServiceClient::service() {
    auto j = call_json("GET", "/v1/service");
    if (!j) return j.error();
    return ServiceInfo{j->value("pid", 0L), j->value("home", ""), j->value("version", ""),
                       j->value("api", 0)};
}

Result<nlohmann::json> ServiceClient::status() {
    return call_json("GET", "/v1/status");
}

Result<nlohmann::json> ServiceClient::jobs(std::int64_t limit, std::int64_t offset) {
    return call_json("GET", "/v1/jobs?limit=" + std::to_string(limit) +
                                "&offset=" + std::to_string(offset));
}

Result<nlohmann::json> ServiceClient::job(std::int64_t id) {
    return call_json("GET", "/v1/jobs/" + std::to_string(id));
}

Result<nlohmann::json> ServiceClient::volumes() {
    return call_json("GET", "/v1/volumes");
}

Result<nlohmann::json> ServiceClient::pools() {
    return call_json("GET", "/v1/pools");
}

Result<nlohmann::json> ServiceClient::queue() {
    return call_json("GET", "/v1/queue");
}

Result<QueueEntryState> ServiceClient::queue_entry(std::int64_t id) {
    auto j = call_json("GET", "/v1/queue/" + std::to_string(id));
    if (!j) return j.error();
    return QueueEntryState{j->value("id", std::int64_t{0}), j->value("state", ""),
                           j->value("status", ""), j->value("job", std::int64_t{0}),
                           j->value("error", "")};
}

Result<std::int64_t> ServiceClient::submit_backup(const nlohmann::json& request) {
    auto j = call_json("POST", "/v1/backups", request.dump());
    if (!j) return j.error();
    if (!j->contains("queue") || !(*j)["queue"].is_number_integer())
        return make_error(ErrorKind::Corrupt, "POST /v1/backups: the answer names no queue entry");
    return (*j)["queue"].get<std::int64_t>();
}

Status ServiceClient::cancel(std::int64_t queue_id) {
    auto j = call_json("POST", "/v1/queue/" + std::to_string(queue_id) + "/cancel");
    if (!j) return j.error();
    return {};
}

Status ServiceClient::stop() {
    auto j = call_json("POST", "/v1/service/stop");
    if (!j) return j.error();
    return {};
}

Result<std::int64_t> ServiceClient::start_task(const std::string& command,
                                               const nlohmann::json& request) {
    const char* path = nullptr;
    for (const auto& r : service::kActionRoutes)
        if (command == r.command) path = r.path;
    if (!path)
        return make_error(ErrorKind::Unsupported,
                          "'" + command + "' is no action of the service API");
    auto j = call_json("POST", path,
                       request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (!j) return j.error();
    if (!j->contains("task") || !(*j)["task"].is_number_integer())
        return make_error(ErrorKind::Corrupt,
                          std::string("POST ") + path + ": the answer names no task");
    return (*j)["task"].get<std::int64_t>();
}

Result<TaskState> ServiceClient::task(std::int64_t id, std::size_t out_from, std::size_t err_from) {
    auto j =
        call_json("GET", "/v1/tasks/" + std::to_string(id) + "?out=" + std::to_string(out_from) +
                             "&err=" + std::to_string(err_from));
    if (!j) return j.error();
    TaskState t;
    t.id = j->value("id", std::int64_t{0});
    t.ended = j->value("state", "") == "ended";
    t.exit_code = j->value("exit_code", 0);
    t.out = j->value("out", "");
    t.err = j->value("err", "");
    t.out_end = j->value("out_end", out_from);
    t.err_end = j->value("err_end", err_from);
    return t;
}

Status ServiceClient::cancel_task(std::int64_t id) {
    auto j = call_json("POST", "/v1/tasks/" + std::to_string(id) + "/cancel");
    if (!j) return j.error();
    return {};
}

Result<std::string> ServiceClient::metrics() {
    return call("GET", "/metrics");
}

} // namespace tl::client
