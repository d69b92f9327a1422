#pragma once
// GET on the service's Unix socket with raw cpp-httplib, outside the client library (kept out
// of the Qt Test file: moc does not parse httplib.h).
#include <string>

namespace tltest {

struct RawResponse {
    bool connected = false; // false: the connection was refused (nothing was answered)
    int status = 0;
    std::string body;
};

// `api` is the Tapeloom-API header's value ("" sends none).
RawResponse raw_get(const std::string& socket, const std::string& path, const std::string& api);

} // namespace tltest
