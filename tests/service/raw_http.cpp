#include "raw_http.h"

#include <httplib.h>
#include <sys/socket.h>

namespace tltest {

RawResponse raw_get(const std::string& socket, const std::string& path, const std::string& api) {
    httplib::Client raw(socket, 80);
    raw.set_address_family(AF_UNIX);
    httplib::Headers headers;
    if (!api.empty()) headers.emplace("Tapeloom-API", api);
    auto res = raw.Get(path, headers);
    if (!res) return {};
    return {true, res->status, res->body};
}

} // namespace tltest
