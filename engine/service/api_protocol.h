#pragma once
// The API's conventions shared by the service and its clients (docs/api.md): the socket's
// place, the version header, and errors as {"error":{"kind","message"}} with an HTTP status
// per ErrorKind, as the CLI maps each kind to an exit code.
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::service {

inline constexpr int kApiMajor = 1;
inline constexpr const char* kApiHeader = "Tapeloom-API";

// A query answered as text (POST /v1/queries with Accept: text/plain, docs/api.md): the body is
// what the command printed on standard output, these headers its exit code and its standard
// error (percent-encoded).
inline constexpr const char* kExitCodeHeader = "Tapeloom-Exit-Code";
inline constexpr const char* kStderrHeader = "Tapeloom-Stderr";

// The Server-Timing header of a read (docs/api.md "Timing"): "handler;dur=MS", the service's
// time from the start of its route to its answer being ready.
std::string server_timing_value(double seconds);
// The seconds in such a header; 0 for an empty or foreign one.
double server_timing_seconds(const std::string& header);

// The actions a client starts as tasks (docs/api.md "Actions"): POST `path` runs the CLI's
// `command` in the service and answers 202 {"task": ID} at once.
struct ActionRoute {
    const char* command;
    const char* path;
};
inline constexpr ActionRoute kActionRoutes[] = {
    {"volume label", "/v1/volumes/label"},
    {"library load", "/v1/library/load"},
    {"library unload", "/v1/library/unload"},
};

// <home>/tapeloom.sock
std::string socket_path(const std::string& home);

// A client's `Tapeloom-API` header: empty or a version whose major is kApiMajor ("1", "1.2")
// is accepted; any other is InvalidArgument saying which versions this service speaks.
Status check_api_version(const std::string& header);

// Options of a command request whose value is a path on the caller's machine (`--to`, `--dir`,
// `--file`, `--from`, `--device`, `--changer`, `--csv`, `--png`; not the slot numbers of
// `library transfer|import`), and the commands whose words are files (`job import|export`):
// the CLI makes them absolute before it sends them (docs/service.md).
bool is_path_option(const std::string& command, const std::string& option);
bool takes_path_words(const std::string& command);
// A request's ({"arguments", "options"}) paths must be absolute: the service runs in "/", not
// in the caller's directory. InvalidArgument naming the option or word otherwise ("" and "-"
// pass: the command says what they mean).
Status check_absolute_paths(const std::string& command, const nlohmann::json& request);

int http_status_for(ErrorKind kind);
nlohmann::json error_json(const Error& e);
// The Error in an error body; `http_status` decides the kind when the body has none.
Error error_from_body(int http_status, const std::string& body);

} // namespace tl::service
