// ServiceApi's verifications and clones (verifications.h): jobs started as POST /v1/restores
// starts one, answered 202 with the job's URL (docs/api.md "Resources"); and an ad-hoc backup
// queued (backups.h).
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

Result<std::int64_t> ServiceApi::queue_ad_hoc_backup(const AdHocBackupRequest& request) {
    auto r = client_.request("POST", "/v1/backups", to_json(request));
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("queue") || !r->body["queue"].is_number_integer())
        return make_error(ErrorKind::Io, "the service's answer names no queue entry");
    return r->body["queue"].get<std::int64_t>();
}

} // namespace tl::client
