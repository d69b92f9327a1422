// ServiceApi's verifications and clones (verifications.h): jobs started as POST /v1/restores
// starts one, answered 202 with the job's URL (docs/api.md "Resources").
#include "client/service_api.h"

namespace tl::client {

Result<JobStarted> ServiceApi::start_verification(const VerificationRequest& request) {
    auto r = client_.request("POST", "/v1/verifications", to_json(request));
    if (!r) return r.error();
    return job_started_from_json(r->body);
}

Result<JobStarted> ServiceApi::start_clone(const CloneRequest& request) {
    auto r = client_.request("POST", "/v1/clones", to_json(request));
    if (!r) return r.error();
    return job_started_from_json(r->body);
}

} // namespace tl::client
