// ServiceApi's devices (devices.h): one route each, as docs/api.md "Devices" gives them.
#include <httplib.h>

#include "client/service_api.h"

namespace tl::client {

namespace {
std::string device_path(const char* root, const std::string& name) {
    return std::string(root) + httplib::detail::encode_query_param(name);
}
} // namespace

Result<DeviceAdded> ServiceApi::add_drive(const NewDrive& d) {
    auto r = client_.request("POST", "/v1/drives", to_json(d));
    if (!r) return r.error();
    return device_added_from_json(r->body);
}

Status ServiceApi::remove_drive(const std::string& name) {
    auto r = client_.request("DELETE", device_path("/v1/drives/", name));
    if (!r) return r.error();
    return {};
}

Result<DriveCleaned> ServiceApi::clean_drive(const std::string& name) {
    auto r = client_.request("POST", device_path("/v1/drives/", name) + "/clean",
                             nlohmann::json::object());
    if (!r) return r.error();
    return drive_cleaned_from_json(r->body);
}

Result<DeviceAdded> ServiceApi::add_library(const NewLibrary& l) {
    auto r = client_.request("POST", "/v1/libraries", to_json(l));
    if (!r) return r.error();
    return device_added_from_json(r->body);
}

Status ServiceApi::remove_library(const std::string& name) {
    auto r = client_.request("DELETE", device_path("/v1/libraries/", name));
    if (!r) return r.error();
    return {};
}

Result<std::vector<DriveState>> ServiceApi::drives() {
    auto r = client_.request("GET", "/v1/drives");
    if (!r) return r.error();
    return drive_states_from_json(r->body);
}

Result<std::vector<DriveState>> ServiceApi::drives_with_usage() {
    auto r = client_.request("GET", "/v1/drives?usage=true");
    if (!r) return r.error();
    return drive_states_from_json(r->body);
}

Result<DriveState> ServiceApi::drive(const std::string& name, int alerts) {
    auto r = client_.request("GET", device_path("/v1/drives/", name) +
                                        "?alerts=" + std::to_string(alerts));
    if (!r) return r.error();
    return drive_state_from_json(r->body);
}

Result<DriveState> ServiceApi::return_drive_to_service(const std::string& name) {
    auto r = client_.request("PATCH", device_path("/v1/drives/", name), {{"in_service", true}});
    if (!r) return r.error();
    return drive_state_from_json(r->body);
}

Result<CatalogAfterJobs> ServiceApi::catalog_after_jobs() {
    auto r = client_.request("GET", "/v1/catalog/after-jobs");
    if (!r) return r.error();
    return catalog_after_jobs_from_json(r->body);
}

Result<CatalogAfterJobs> ServiceApi::change_catalog_after_jobs(const CatalogAfterJobsChange& c) {
    auto r = client_.request("PATCH", "/v1/catalog/after-jobs", to_json(c));
    if (!r) return r.error();
    return catalog_after_jobs_from_json(r->body);
}

} // namespace tl::client
