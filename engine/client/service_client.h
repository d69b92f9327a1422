#pragma once
// The one C++ client of the Tapeloom service's API (docs/api.md), used by the CLI (and next by
// the console): HTTP/JSON over <home>/tapeloom.sock with cpp-httplib, the `Tapeloom-API`
// version header on every call, and every answer as a tl::Result. The JSON values are the
// CLI's --json shapes. A service that is not there gives NotFound "service not running for
// <home>"; the service's errors come back with their kind and message. No Qt. One client per
// thread.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace httplib {
class Client;
}

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

// One Server-Sent Event of GET /v1/events or /v1/jobs/{id}/live.
struct StreamEvent {
    long long id = 0;
    std::string type; // queued, started, waiting, ended, task-started, task-ended, live, overflow
    nlohmann::json data;
};

// An entry of a backup's directory as `files ls --json` shows it.
struct FileEntry {
    std::string name;
    std::string path; // relative to the source
    bool dir = false;
    std::uint64_t size = 0;
    std::int64_t job = 0; // the backup whose version is in the view
    std::string source;
    long long mtime = 0; // unix seconds; 0 when the answer has none (compact pages, searches)
};

// One page of GET /v1/files: its entries, and the cursor of the page after (empty: the last).
struct FilePage {
    std::vector<FileEntry> entries;
    std::string next;
};

// A service on another machine (docs/api.md "Remote access"): its https:// URL, a bearer
// token, and the CA certificate (PEM) to check the service's certificate with (empty: the
// system's CAs).
struct RemoteService {
    std::string url; // https://host:port
    std::string token;
    std::string ca_cert;
};

// How every refusal of the caller by the service begins: a remote client's missing or wrong
// bearer token (HTTP 401), a peer on the socket that is neither root nor the data directory's
// owner (HTTP 403).
inline constexpr const char* kRefusedPrefix = "refused: ";
// Whether `e` is such a refusal (an InvalidArgument the client made from a 401 or 403): the
// CLI exits 12 for it (docs/cli.md "Exit codes"), not 2 as for a bad command line.
bool is_refusal(const Error& e);

class ServiceClient {
public:
    explicit ServiceClient(std::string home);
    explicit ServiceClient(RemoteService remote);
    ~ServiceClient();
    ServiceClient(ServiceClient&&) noexcept;

    const std::string& home() const { return home_; }
    const std::string& socket() const { return socket_; }
    std::string where() const; // for messages: the socket or the URL

    Result<ServiceInfo> service();                                        // GET /v1/service
    Result<nlohmann::json> status();                                      // GET /v1/status
    Result<nlohmann::json> jobs(std::int64_t limit, std::int64_t offset); // GET /v1/jobs
    Result<nlohmann::json> job(std::int64_t id);                          // GET /v1/jobs/{id}
    Result<nlohmann::json> volumes();                                     // GET /v1/volumes
    Result<nlohmann::json> pools();                                       // GET /v1/pools
    Result<nlohmann::json> queue();                                       // GET /v1/queue
    Result<nlohmann::json> clients();                                     // GET /v1/clients
    Result<nlohmann::json> client(const std::string& name);               // GET /v1/clients/{name}
    Result<QueueEntryState> queue_entry(std::int64_t id);                 // GET /v1/queue/{id}
    // POST /v1/backups: {"definition": NAME[, "level"]} or {"sources": [...], ...}; returns the
    // queue entry's id at once.
    Result<std::int64_t> submit_backup(const nlohmann::json& request);
    Status cancel(std::int64_t queue_id); // POST /v1/queue/{id}/cancel
    Status stop();                        // POST /v1/service/stop
    // GET /v1/files with these query parameters: one page of a backup's directory,
    // {"entries": [...], "next": cursor or null}.
    Result<nlohmann::json> files(const std::map<std::string, std::string>& parameters);
    // The same page asked for in its compact shape (`compact=1`: source and directory once a
    // view, an entry as an array; docs/api.md), as typed entries: what `files ls` uses.
    Result<FilePage> file_page(const std::map<std::string, std::string>& parameters);
    // Reads the stream at `path` (/v1/events, /v1/jobs/{id}/live) and calls `on_event` for each
    // event until it returns false (then Ok) or the stream ends (Ok when the service ended it,
    // an error naming the cause when the connection broke).
    // While following something the service runs: an error of a call that found no service
    // said as "service stopped" (Io), naming what was followed and what happens to it.
    Error stopped(const Error& e, const std::string& what) const;
    // `keep_going`, when given, is asked on every chunk the stream delivers (events and the
    // service's keep-alive each second): false ends the stream (Ok), so a watcher on another
    // thread can stop within about a second even when no event comes.
    Status follow(const std::string& path, const std::function<bool(const StreamEvent&)>& on_event,
                  const std::function<bool()>& keep_going = {});
    Result<std::string> metrics(); // GET /metrics

    // Any route, with a JSON body (null: none) and a JSON answer: the transport of the typed
    // door (service_api.h), which knows the routes. Its status and the Location header too.
    struct Reply {
        nlohmann::json body;
        int status = 0;
        std::map<std::string, std::string> headers;
    };
    Result<Reply> request(const std::string& method, const std::string& path,
                          const nlohmann::json& body = nullptr);
    // A GET's answer as its text, for the typed door's parsers that read it without building a
    // document (jobs.h: the job history).
    Result<std::string> get_text(const std::string& path) { return call("GET", path); }
    // GET /v1/audit: {"entries": [...]}, the newest `limit` records at or after `since` (unix
    // seconds), oldest first (docs/api.md "Audit log").
    Result<nlohmann::json> audit(long long since, std::int64_t limit);

    // The service's own handling time, summed over this client's calls so far, from their
    // Server-Timing headers (docs/api.md "Timing"), in seconds: what a call cost in the service
    // as against on the way and in the client.
    double service_seconds() const { return service_seconds_; }

private:
    // An answer's body, and the headers a caller may want.
    struct Answer {
        std::string body;
        std::string content_type;
        std::map<std::string, std::string> headers;
        int status = 0;
    };
    Result<Answer> exchange(const std::string& method, const std::string& path,
                            const std::string& body, const std::string& accept);
    Result<std::string> call(const std::string& method, const std::string& path,
                             const std::string& body = {});
    Result<nlohmann::json> call_json(const std::string& method, const std::string& path,
                                     const std::string& body = {});

    // A connection to the service: the Unix socket, or the remote URL with the token.
    std::unique_ptr<httplib::Client> connect() const;
    // After a local connection failed: true, having waited a little, while the service's socket
    // is only busy (a full listen queue, busy_socket.h) and fewer than about 5 s have passed.
    bool retry_busy(bool connect_failed, int& attempt) const;
    // A 401 (token) or 403 (peer) answer as the error the caller reports: "refused: bad token
    // ..." or "refused: uid N may not use ..." (is_refusal(); the CLI's exit 12).
    Error refused(int http_status, const std::string& body) const;

    std::string home_;
    std::string socket_;
    RemoteService remote_;
    double service_seconds_ = 0;
};

} // namespace tl::client
