// ServiceApi's reads added for the console's pages: the figures of volumes beside their rows
// (volume_usage.h), the running jobs' live snapshots and the service's fingerprint, as
// docs/api.md gives the routes.
#include <httplib.h>

#include "client/service_api.h"

namespace tl::client {

Result<std::vector<Volume>> ServiceApi::volumes_with_usage() {
    auto r = client_.request("GET", "/v1/volumes?usage=true");
    if (!r) return r.error();
    if (!r->body.is_array()) return make_error(ErrorKind::Io, "the service's answer is no list");
    std::vector<Volume> all;
    for (const auto& j : r->body) {
        auto v = volume_from_json(j);
        if (!v) return v.error();
        all.push_back(std::move(v.value()));
    }
    return all;
}

Result<std::vector<VolumeJob>> ServiceApi::volume_jobs(const std::string& barcode) {
    auto r = client_.request("GET", "/v1/volumes/" + httplib::detail::encode_query_param(barcode) +
                                        "/jobs");
    if (!r) return r.error();
    return volume_jobs_from_json(r->body);
}

Result<LiveJobs> ServiceApi::live_jobs() {
    auto r = client_.request("GET", "/v1/live");
    if (!r) return r.error();
    return live_jobs_from_json(r->body);
}

Result<std::string> ServiceApi::service_fingerprint() {
    auto r = client_.request("GET", "/v1/service/identity");
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("fingerprint") ||
        !r->body["fingerprint"].is_string())
        return make_error(ErrorKind::Io, "the service's answer has no fingerprint");
    return r->body["fingerprint"].get<std::string>();
}

} // namespace tl::client
