#include "client/service_client.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <httplib.h>
#include <sys/socket.h>

#include "client/busy_socket.h"
#include "client/file_page_parse.h"
#include "common/no_sigpipe.h"
#include "common/path_json.h"
#include "service/api_protocol.h"

namespace tl::client {

namespace {
constexpr time_t kReadTimeoutSeconds = 60;
}

ServiceClient::ServiceClient(std::string home)
    : home_(std::move(home)), socket_(service::socket_path(home_)) {}

ServiceClient::ServiceClient(RemoteService remote)
    : home_(remote.url), remote_(std::move(remote)) {}

ServiceClient::~ServiceClient() = default;
ServiceClient::ServiceClient(ServiceClient&&) noexcept = default;

std::unique_ptr<httplib::Client> ServiceClient::connect() const {
    std::unique_ptr<httplib::Client> cli;
    if (remote_.url.empty()) {
        cli = std::make_unique<httplib::Client>(socket_, 80);
        cli->set_address_family(AF_UNIX);
    } else {
        cli = std::make_unique<httplib::Client>(remote_.url);
        cli->set_bearer_token_auth(remote_.token);
        if (!remote_.ca_cert.empty()) cli->set_ca_cert_path(remote_.ca_cert.c_str());
        cli->enable_server_certificate_verification(true);
    }
    cli->set_read_timeout(kReadTimeoutSeconds, 0);
    return cli;
}

bool ServiceClient::retry_busy(bool connect_failed, int& attempt) const {
    // About 5 s in all: 10 ms, 20, 40 ... then 200 ms a try.
    constexpr int kTries = 30;
    if (!connect_failed || !remote_.url.empty() || attempt >= kTries) return false;
    if (!unix_socket_busy(socket_)) return false;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::min(10 << std::min(attempt, 4), 200)));
    ++attempt;
    return true;
}

std::string ServiceClient::where() const {
    return remote_.url.empty() ? socket_ : remote_.url;
}

Result<ServiceClient::Answer> ServiceClient::exchange(const std::string& method,
                                                      const std::string& path,
                                                      const std::string& body,
                                                      const std::string& accept) {
    // A refused write over TLS breaks while it is sent: an error here, not the caller's end.
    NoSigpipe no_sigpipe;
    auto cli = connect();
    // identity: without it httplib asks for Brotli, which the service's httplib then spends its
    // highest quality on, milliseconds of CPU on both sides for every large answer.
    httplib::Headers headers = {{service::kApiHeader, std::to_string(service::kApiMajor)},
                                {"Accept-Encoding", "identity"}};
    if (!accept.empty()) headers.emplace("Accept", accept);
    auto send = [&] {
        if (method == "POST") return cli->Post(path, headers, body, "application/json");
        if (method == "PATCH") return cli->Patch(path, headers, body, "application/json");
        if (method == "PUT") return cli->Put(path, headers, body, "application/json");
        if (method == "DELETE") return cli->Delete(path, headers, body, "application/json");
        return cli->Get(path, headers);
    };
    auto res = send();
    for (int attempt = 0; retry_busy(!res && res.error() == httplib::Error::Connection, attempt);)
        res = send();
    // The service refuses a caller (token, peer) before it reads a request's body and closes
    // the connection: a write then breaks while it is sent. The same caller's GET of /v1/caller
    // for that write says why (no token, a wrong one, or one without the scope to write).
    if (!res && method != "GET") {
        auto probe = connect()->Get("/v1/caller?method=" + method +
                                        "&path=" + httplib::detail::encode_query_param(path),
                                    headers);
        if (probe && (probe->status == 401 || probe->status == 403)) res = std::move(probe);
    }
    if (res && (res->status == 401 || res->status == 403)) return refused(res->status, res->body);
    if (!res && !remote_.url.empty())
        return make_error(ErrorKind::NotFound, "no Tapeloom service answers at " + remote_.url +
                                                   ": " + httplib::to_string(res.error()) +
                                                   " (is it started with --listen, is the "
                                                   "certificate trusted: --ca-cert FILE?)");
    if (!res)
        return make_error(ErrorKind::NotFound,
                          "service not running for " + home_ + " (nothing answers on " + socket_ +
                              ": " + httplib::to_string(res.error()) +
                              "); start it with tapeloom-cli --home '" + home_ + "' service start");
    service_seconds_ += service::server_timing_seconds(res->get_header_value("Server-Timing"));
    if (res->status >= 300) return service::error_from_body(res->status, res->body);
    Answer a{std::move(res->body), res->get_header_value("Content-Type"), {}, res->status};
    if (res->has_header("Location")) a.headers["Location"] = res->get_header_value("Location");
    return a;
}

Result<ServiceClient::Reply> ServiceClient::request(const std::string& method,
                                                    const std::string& path,
                                                    const nlohmann::json& body) {
    auto a = exchange(method, path, body.is_null() ? std::string() : body.dump(), {});
    if (!a) return a.error();
    auto j = nlohmann::json::parse(a->body, nullptr, false);
    if (j.is_discarded())
        return make_error(ErrorKind::Io,
                          method + " " + path + ": the service's answer is not JSON");
    return Reply{std::move(j), a->status, std::move(a->headers)};
}

Result<std::string> ServiceClient::call(const std::string& method, const std::string& path,
                                        const std::string& body) {
    auto a = exchange(method, path, body, {});
    if (!a) return a.error();
    return std::move(a->body);
}

bool is_refusal(const Error& e) {
    return e.kind == ErrorKind::InvalidArgument && e.message.rfind(kRefusedPrefix, 0) == 0;
}

Error ServiceClient::refused(int http_status, const std::string& body) const {
    auto e = service::error_from_body(http_status, body);
    if (e.message.rfind(kRefusedPrefix, 0) == 0) e.message.erase(0, std::strlen(kRefusedPrefix));
    if (http_status == 403)
        return make_error(ErrorKind::InvalidArgument,
                          kRefusedPrefix + e.message + " (the service on " + where() + ")");
    return make_error(ErrorKind::InvalidArgument,
                      kRefusedPrefix + ("bad token for " + where() + " (" + e.message +
                                        "); give a token of that service with --token T or "
                                        "$TAPELOOM_TOKEN"));
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

Result<nlohmann::json> ServiceClient::clients() {
    return call_json("GET", "/v1/clients");
}

Result<nlohmann::json> ServiceClient::client(const std::string& name) {
    return call_json("GET", "/v1/clients/" + name);
}

Result<QueueEntryState> ServiceClient::queue_entry(std::int64_t id) {
    auto j = call_json("GET", "/v1/queue/" + std::to_string(id));
    if (!j) return j.error();
    return QueueEntryState{j->value("id", std::int64_t{0}), j->value("state", ""),
                           j->value("status", ""), j->value("job", std::int64_t{0}),
                           j->value("error", "")};
}

Result<std::int64_t> ServiceClient::submit_backup(const nlohmann::json& request) {
    // A source that is no UTF-8 goes as {"hex": ...} (docs/api.md), every other string as is.
    nlohmann::json body = request;
    if (body.contains("sources") && body["sources"].is_array())
        for (auto& s : body["sources"])
            if (s.is_string()) s = path_json(s.get<std::string>());
    auto j = call_json("POST", "/v1/backups",
                       body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
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

namespace {
std::string files_path(const std::map<std::string, std::string>& parameters) {
    std::string query;
    for (const auto& [name, value] : parameters)
        query +=
            (query.empty() ? "?" : "&") + name + "=" + httplib::detail::encode_query_param(value);
    return "/v1/files" + query;
}

} // namespace

Result<nlohmann::json> ServiceClient::files(const std::map<std::string, std::string>& parameters) {
    return call_json("GET", files_path(parameters));
}

Result<FilePage> ServiceClient::file_page(const std::map<std::string, std::string>& parameters) {
    auto with_compact = parameters;
    with_compact.insert_or_assign("compact", "1");
    auto text = call("GET", files_path(with_compact));
    if (!text) return text.error();
    return file_page_from_text(text.value());
}

namespace {
// Splits SSE text into events as it arrives ("id:", "event:", "data:" lines, a blank line
// after each event; comment lines start with ':').
class SseParser {
public:
    // False once `on_event` asked to stop.
    bool feed(const char* data, std::size_t n,
              const std::function<bool(const StreamEvent&)>& on_event) {
        pending_.append(data, n);
        for (auto end = pending_.find("\n\n"); end != std::string::npos;
             end = pending_.find("\n\n")) {
            const std::string block = pending_.substr(0, end);
            pending_.erase(0, end + 2);
            StreamEvent e;
            std::string data_text;
            std::size_t at = 0;
            while (at < block.size()) {
                auto nl = block.find('\n', at);
                if (nl == std::string::npos) nl = block.size();
                const std::string line = block.substr(at, nl - at);
                at = nl + 1;
                if (line.rfind("id: ", 0) == 0) e.id = std::atoll(line.c_str() + 4);
                if (line.rfind("event: ", 0) == 0) e.type = line.substr(7);
                if (line.rfind("data: ", 0) == 0) data_text += line.substr(6);
            }
            if (e.type.empty()) continue; // a keep-alive comment
            e.data = nlohmann::json::parse(data_text, nullptr, false);
            if (!on_event(e)) return false;
        }
        return true;
    }

private:
    std::string pending_;
};
} // namespace

Error ServiceClient::stopped(const Error& e, const std::string& what) const {
    const bool gone = e.kind == ErrorKind::NotFound &&
                      (e.message.find(" not running ") != std::string::npos ||
                       e.message.find("no Tapeloom service answers") != std::string::npos);
    if (!gone) return e;
    return make_error(ErrorKind::Io,
                      "service stopped while " + what + " ran (nothing answers on " + where() +
                          "); a job it ran is marked failed when the service starts again "
                          "(tapeloom-cli service start), what reached tape stays restorable");
}

Status ServiceClient::follow(const std::string& path,
                             const std::function<bool(const StreamEvent&)>& on_event,
                             const std::function<bool()>& keep_going) {
    NoSigpipe no_sigpipe;
    auto cli = connect();
    const httplib::Headers headers = {{service::kApiHeader, std::to_string(service::kApiMajor)},
                                      {"Accept-Encoding", "identity"}};
    SseParser parser;
    bool stopped = false;
    int status = 0;
    std::string error_body;
    auto open = [&] {
        return cli->Get(
            path, headers,
            [&](const httplib::Response& r) {
                status = r.status;
                return true;
            },
            [&](const char* data, std::size_t n) {
                if (status >= 300) {
                    error_body.append(data, n);
                    return true;
                }
                stopped = !parser.feed(data, n, on_event) || (keep_going && !keep_going());
                return !stopped;
            });
    };
    auto res = open();
    for (int attempt = 0; retry_busy(!res && res.error() == httplib::Error::Connection, attempt);)
        res = open();
    if (stopped) return {};
    if (status == 401 || status == 403) return refused(status, error_body);
    if (status >= 300) return service::error_from_body(status, error_body);
    if (!res)
        return make_error(ErrorKind::Io, "service stopped: the stream " + path + " from " +
                                             where() + " broke (" +
                                             httplib::to_string(res.error()) + ")");
    return {};
}

Result<std::string> ServiceClient::metrics() {
    return call("GET", "/metrics");
}

Result<nlohmann::json> ServiceClient::audit(long long since, std::int64_t limit) {
    return call_json("GET", "/v1/audit?since=" + std::to_string(since) +
                                "&limit=" + std::to_string(limit));
}

} // namespace tl::client
