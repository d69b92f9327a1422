// ServiceApi's reads of the service's machine (machine.h), as docs/api.md "The machine of the
// service" gives the routes.
#include <httplib.h>

#include "client/service_api.h"

namespace tl::client {

Result<LiveJobs> ServiceApi::live_board() {
    auto r = client_.request("GET", "/v1/live?ended=true");
    if (!r) return r.error();
    return live_jobs_from_json(r->body);
}

Result<HostReading> ServiceApi::host() {
    auto r = client_.request("GET", "/v1/host");
    if (!r) return r.error();
    return host_reading_from_json(r->body);
}

Result<ServiceLog> ServiceApi::service_log(const std::string& after) {
    const std::string path =
        after.empty() ? "/v1/log" : "/v1/log?after=" + httplib::detail::encode_query_param(after);
    auto r = client_.request("GET", path);
    if (!r) return r.error();
    return service_log_from_json(r->body);
}

} // namespace tl::client
