#include "raw_http.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace tltest {

RawResponse raw_get(const std::string& socket, const std::string& path, const std::string& api) {
    httplib::Client raw(socket, 80);
    raw.set_address_family(AF_UNIX);
    httplib::Headers headers;
    if (!api.empty()) headers.emplace("Tapeloom-API", api);
    auto res = raw.Get(path, headers);
    if (!res) return {};
    return {true, res->status, res->body, {}};
}

RawResponse raw_post(const std::string& socket, const std::string& path, const std::string& body,
                     const std::string& accept) {
    httplib::Client raw(socket, 80);
    raw.set_address_family(AF_UNIX);
    httplib::Headers headers = {{"Tapeloom-API", "1"}};
    if (!accept.empty()) headers.emplace("Accept", accept);
    auto res = raw.Post(path, headers, body, "application/json");
    if (!res) return {};
    RawResponse r{true, res->status, res->body, {}};
    for (const auto& [name, value] : res->headers)
        r.headers[name] = value;
    return r;
}

RawResponse raw_https_get(const std::string& url, const std::string& path,
                          const std::string& ca_cert, const std::string& token,
                          const std::string& api) {
    httplib::Client c(url);
    c.set_ca_cert_path(ca_cert.c_str());
    c.enable_server_certificate_verification(true);
    if (!token.empty()) c.set_bearer_token_auth(token);
    httplib::Headers headers;
    if (!api.empty()) headers.emplace("Tapeloom-API", api);
    auto res = c.Get(path, headers);
    if (!res) return {};
    return {true, res->status, res->body, {}};
}

int free_local_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        close(fd);
        return 0;
    }
    close(fd);
    return ntohs(a.sin_port);
}

struct SseReader::State {
    std::atomic<bool> stop{false};
    mutable std::mutex mutex;
    std::vector<SseEvent> events;
    std::string pending;

    void take(const char* data, std::size_t n) {
        std::lock_guard lock(mutex);
        pending.append(data, n);
        for (auto end = pending.find("\n\n"); end != std::string::npos;
             end = pending.find("\n\n")) {
            const std::string block = pending.substr(0, end);
            pending.erase(0, end + 2);
            SseEvent e;
            std::size_t at = 0;
            while (at < block.size()) {
                auto nl = block.find('\n', at);
                if (nl == std::string::npos) nl = block.size();
                const std::string line = block.substr(at, nl - at);
                at = nl + 1;
                if (line.rfind("id: ", 0) == 0) e.id = std::stoll(line.substr(4));
                if (line.rfind("event: ", 0) == 0) e.type = line.substr(7);
                if (line.rfind("data: ", 0) == 0) e.data = line.substr(6);
            }
            if (!e.type.empty()) events.push_back(e);
        }
    }
};

SseReader::SseReader(const std::string& socket, const std::string& path)
    : state_(std::make_shared<State>()) {
    thread_ = std::thread([socket, path, st = state_] {
        httplib::Client c(socket, 80);
        c.set_address_family(AF_UNIX);
        c.set_read_timeout(120, 0);
        c.Get(path, httplib::Headers{{"Tapeloom-API", "1"}}, [st](const char* data, std::size_t n) {
            st->take(data, n);
            return !st->stop.load();
        });
    });
}

SseReader::~SseReader() {
    stop();
}

std::vector<SseEvent> SseReader::events() const {
    std::lock_guard lock(state_->mutex);
    return state_->events;
}

void SseReader::stop() {
    state_->stop = true;
    if (thread_.joinable()) thread_.join();
}

int stalled_get(const std::string& socket, const std::string& path) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::strncpy(a.sun_path, socket.c_str(), sizeof a.sun_path - 1);
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        close(fd);
        return -1;
    }
    const std::string req =
        "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nTapeloom-API: 1\r\n\r\n";
    if (write(fd, req.data(), req.size()) != static_cast<ssize_t>(req.size())) {
        close(fd);
        return -1;
    }
    return fd;
}

} // namespace tltest
