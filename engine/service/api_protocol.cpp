#include "service/api_protocol.h"

#include <cstdio>
#include <cstdlib>

namespace tl::service {

namespace {
constexpr ErrorKind kAllKinds[] = {ErrorKind::InvalidArgument,
                                   ErrorKind::NotFound,
                                   ErrorKind::AlreadyExists,
                                   ErrorKind::Busy,
                                   ErrorKind::Io,
                                   ErrorKind::NoMedium,
                                   ErrorKind::WriteProtected,
                                   ErrorKind::NoSpace,
                                   ErrorKind::Corrupt,
                                   ErrorKind::Foreign,
                                   ErrorKind::Unsupported,
                                   ErrorKind::MediaMissing,
                                   ErrorKind::Cancelled,
                                   ErrorKind::KeyMissing,
                                   ErrorKind::Internal};

ErrorKind kind_for_status(int status) {
    switch (status) {
    case 400:
    case 401: // a missing or wrong token: the caller's to fix
        return ErrorKind::InvalidArgument;
    case 403:
        return ErrorKind::Busy;
    case 404:
        return ErrorKind::NotFound;
    case 409:
        return ErrorKind::Busy;
    default:
        return ErrorKind::Internal;
    }
}
} // namespace

std::string socket_path(const std::string& home) {
    return home + "/tapeloom.sock";
}

Status check_api_version(const std::string& header) {
    if (header.empty()) return {};
    char* end = nullptr;
    const long major = std::strtol(header.c_str(), &end, 10);
    if (end != header.c_str() && (*end == '\0' || *end == '.') && major == kApiMajor) return {};
    return make_error(ErrorKind::InvalidArgument,
                      "this Tapeloom service speaks API version " + std::to_string(kApiMajor) +
                          " (header " + kApiHeader + ": " + std::to_string(kApiMajor) + "), not '" +
                          header + "'; use a client of the same major version as the service");
}

std::string server_timing_value(double seconds) {
    char text[48];
    std::snprintf(text, sizeof text, "handler;dur=%.3f", seconds * 1000);
    return text;
}

double server_timing_seconds(const std::string& header) {
    const std::string key = "handler;dur=";
    const auto at = header.find(key);
    if (at == std::string::npos) return 0;
    return std::strtod(header.c_str() + at + key.size(), nullptr) / 1000;
}

int http_status_for(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::InvalidArgument:
        return 400;
    case ErrorKind::NotFound:
        return 404;
    case ErrorKind::AlreadyExists:
    case ErrorKind::Busy:
    case ErrorKind::NoMedium:
    case ErrorKind::WriteProtected:
    case ErrorKind::NoSpace:
    case ErrorKind::MediaMissing:
    case ErrorKind::Cancelled:
        return 409;
    case ErrorKind::Corrupt:
    case ErrorKind::Foreign:
    case ErrorKind::KeyMissing:
        return 422;
    case ErrorKind::Unsupported:
        return 501;
    case ErrorKind::Io:
    case ErrorKind::Internal:
        return 500;
    }
    return 500;
}

nlohmann::json error_json(const Error& e) {
    return {{"error", {{"kind", to_string(e.kind)}, {"message", e.message}}}};
}

Error error_from_body(int http_status, const std::string& body) {
    const auto j = nlohmann::json::parse(body, nullptr, false);
    std::string kind, message;
    if (j.is_object() && j.contains("error") && j["error"].is_object()) {
        kind = j["error"].value("kind", "");
        message = j["error"].value("message", "");
    }
    if (message.empty())
        message = "the service answered HTTP " + std::to_string(http_status) + ": " + body;
    for (auto k : kAllKinds)
        if (kind == to_string(k)) return make_error(k, message);
    return make_error(kind_for_status(http_status), message);
}

} // namespace tl::service
