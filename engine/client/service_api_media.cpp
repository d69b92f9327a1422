// ServiceApi's figures of volumes beside their rows (volume_usage.h), as docs/api.md
// "Resources" gives the routes.
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

} // namespace tl::client
