// ServiceApi's catalog maintenance (maintenance.h): POST /v1/prunes, POST /v1/catalog/backups
// (a job, 202), POST /v1/scans and GET /v1/scans/{id}, POST /v1/restore-plans.
#include "client/service_api.h"
#include "shapes/maintenance_json.h"

#include <httplib.h>

namespace tl::client {

namespace {
std::string library_segment(const std::string& name) {
    return httplib::detail::encode_query_param(name);
}
} // namespace

Result<media::PruneReport> ServiceApi::prune(bool dry_run) {
    auto r = client_.request("POST", "/v1/prunes", {{"dry_run", dry_run}});
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("jobs_expired"))
        return make_error(ErrorKind::Io, "the service's answer is no prune report");
    return shapes::prune_report_from_json(r->body);
}

Result<JobStarted> ServiceApi::start_catalog_backup(const CatalogBackupRequest& request) {
    auto r = client_.request("POST", "/v1/catalog/backups", to_json(request));
    if (!r) return r.error();
    return job_started_from_json(r->body);
}

Result<std::int64_t> ServiceApi::start_scan(const ScanRequest& request) {
    auto r = client_.request("POST", "/v1/scans", to_json(request));
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("scan") || !r->body["scan"].is_number_integer())
        return make_error(ErrorKind::Io, "the service's answer names no scan");
    return r->body["scan"].get<std::int64_t>();
}

Result<ScanState> ServiceApi::scan(std::int64_t id) {
    auto r = client_.request("GET", "/v1/scans/" + std::to_string(id));
    if (!r) return r.error();
    return scan_state_from_json(r->body);
}

Result<job::RestorePlan> ServiceApi::plan_restore(const RestoreRequest& request) {
    auto body = to_json(request);
    if (request.target.empty()) body.erase("target");
    auto r = client_.request("POST", "/v1/restore-plans", body);
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("volumes"))
        return make_error(ErrorKind::Io, "the service's answer is no restore plan");
    return shapes::restore_plan_from_json(r->body);
}

Result<LibraryFaults> ServiceApi::library_faults(const std::string& library) {
    auto r = client_.request("GET", "/v1/libraries/" + library_segment(library) + "/faults");
    if (!r) return r.error();
    return LibraryFaults{r->body};
}

Result<LibraryFaults> ServiceApi::change_library_faults(const std::string& library,
                                                        const device::FaultChange& change) {
    auto r = client_.request("PATCH", "/v1/libraries/" + library_segment(library) + "/faults",
                             device::to_json(change));
    if (!r) return r.error();
    return LibraryFaults{r->body};
}

} // namespace tl::client
