#include "client/live_jobs.h"

#include "client/json_field.h"

namespace tl::client {

Result<LiveJobs> live_jobs_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("jobs") || !j["jobs"].is_array())
        return make_error(ErrorKind::Io, "the service's answer has no list of live jobs");
    LiveJobs out;
    out.service_pid = field<long>(j, "service_pid");
    for (const auto& s : j["jobs"]) {
        if (!s.is_object()) return make_error(ErrorKind::Io, "the service's live job is no object");
        out.jobs.push_back(metrics::snapshot_from_json(s));
    }
    return out;
}

} // namespace tl::client
