#pragma once
// GET on the service's Unix socket with raw cpp-httplib, outside the client library (kept out
// of the Qt Test file: moc does not parse httplib.h).
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace tltest {

struct RawResponse {
    bool connected = false; // false: the connection was refused (nothing was answered)
    int status = 0;
    std::string body;
    std::map<std::string, std::string> headers; // raw_post only
};

// `api` is the Tapeloom-API header's value ("" sends none).
RawResponse raw_get(const std::string& socket, const std::string& path, const std::string& api);

// POST `body` (JSON) to `path` with the API version header and `accept` as Accept ("" sends
// none); the answer with its headers.
RawResponse raw_post(const std::string& socket, const std::string& path, const std::string& body,
                     const std::string& accept);

// GET `url` + `path` over HTTPS, trusting `ca_cert`, with `token` as bearer ("" sends none).
RawResponse raw_https_get(const std::string& url, const std::string& path,
                          const std::string& ca_cert, const std::string& token,
                          const std::string& api);

// A TCP port on 127.0.0.1 nobody listens on now.
int free_local_port();

// A client of a Server-Sent Events stream that reads it on a thread of its own and keeps each
// event (its id, type and data) until stop().
struct SseEvent {
    long long id = 0;
    std::string type, data;
};
class SseReader {
public:
    SseReader(const std::string& socket, const std::string& path);
    ~SseReader();
    std::vector<SseEvent> events() const;
    void stop();

private:
    struct State;
    std::shared_ptr<State> state_;
    std::thread thread_;
};

// Connects to the socket and sends GET `path`, then never reads: a stalled client. Returns the
// descriptor (the caller closes it), -1 when it could not connect.
int stalled_get(const std::string& socket, const std::string& path);

} // namespace tltest
