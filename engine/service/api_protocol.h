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

// The Server-Timing header of a read (docs/api.md "Timing"): "handler;dur=MS", the service's
// time from the start of its route to its answer being ready.
std::string server_timing_value(double seconds);
// The seconds in such a header; 0 for an empty or foreign one.
double server_timing_seconds(const std::string& header);

// <home>/tapeloom.sock
std::string socket_path(const std::string& home);

// A client's `Tapeloom-API` header: empty or a version whose major is kApiMajor ("1", "1.2")
// is accepted; any other is InvalidArgument saying which versions this service speaks.
Status check_api_version(const std::string& header);

int http_status_for(ErrorKind kind);
nlohmann::json error_json(const Error& e);
// The Error in an error body; `http_status` decides the kind when the body has none.
Error error_from_body(int http_status, const std::string& body);

} // namespace tl::service
