#include "client/service_api.h"

#include <chrono>
#include <thread>

#include <httplib.h>

namespace tl::client {

namespace {
// A barcode as one segment of a path: percent-encoded.
std::string segment(const std::string& s) {
    return httplib::detail::encode_query_param(s);
}

std::string volume_path(const std::string& barcode) {
    return "/v1/volumes/" + segment(barcode);
}
} // namespace

Result<Job> ServiceApi::job(std::int64_t id) {
    auto r = client_.request("GET", "/v1/jobs/" + std::to_string(id));
    if (!r) return r.error();
    return job_from_json(r->body);
}

Status ServiceApi::cancel_job(std::int64_t id) {
    auto r = client_.request("POST", "/v1/jobs/" + std::to_string(id) + "/cancel");
    if (!r) return r.error();
    return {};
}

Result<JobStarted> ServiceApi::start_restore(const RestoreRequest& request) {
    auto r = client_.request("POST", "/v1/restores", to_json(request));
    if (!r) return r.error();
    return job_started_from_json(r->body);
}

Result<Volume> ServiceApi::volume(const std::string& barcode) {
    auto r = client_.request("GET", volume_path(barcode));
    if (!r) return r.error();
    return volume_from_json(r->body);
}

Result<Volume> ServiceApi::change_volume(const std::string& barcode, const VolumeChange& change) {
    auto r = client_.request("PATCH", volume_path(barcode), to_json(change));
    if (!r) return r.error();
    return volume_from_json(r->body);
}

Result<LabeledVolume> ServiceApi::label_volume(const std::string& barcode,
                                               const LabelRequest& request) {
    auto r = client_.request("POST", volume_path(barcode) + "/label", to_json(request));
    if (!r) return r.error();
    return labeled_volume_from_json(r->body);
}

Result<Job> wait_for_job(Api& api, std::int64_t id, const std::function<bool()>& keep_going,
                         const std::function<void(const Job&)>& on_wait) {
    for (;;) {
        auto j = api.job(id);
        if (!j || j->ended()) return j;
        if (on_wait) on_wait(j.value());
        if (keep_going && !keep_going())
            return make_error(ErrorKind::Cancelled,
                              "stopped waiting for job " + std::to_string(id));
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

} // namespace tl::client
