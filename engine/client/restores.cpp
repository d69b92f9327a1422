#include "client/restores.h"

#include "job/restore_order.h"
#include "job/restore_outcome.h"
#include "job/restore_writer.h"

namespace tl::client {

RestoreRequest restore_request(const job::RestoreOptions& o, const std::string& client) {
    RestoreRequest r;
    r.job = o.what.job_id;
    r.saveset = o.what.saveset_id;
    r.source = o.what.source;
    r.at = o.what.at;
    r.paths = o.what.paths;
    r.changes_only = o.what.changes_only;
    r.client = client;
    r.target = o.to.empty() ? std::string("/") : o.to;
    r.existing = job::existing_policy_name(o.existing);
    r.library = o.library;
    r.drives = o.drives;
    r.sync = job::sync_mode_name(o.sync);
    r.read_order = job::read_order_name(o.order);
    return r;
}

nlohmann::json to_json(const RestoreRequest& r) {
    nlohmann::json j = nlohmann::json::object();
    if (r.job) j["job"] = r.job;
    if (r.saveset) j["saveset"] = r.saveset;
    if (!r.source.empty()) j["source"] = r.source;
    if (r.at) j["at"] = r.at;
    if (!r.paths.empty()) j["paths"] = r.paths;
    if (r.changes_only) j["changes_only"] = true;
    if (!r.client.empty()) j["client"] = r.client;
    j["target"] = r.target;
    if (r.existing != "skip") j["existing"] = r.existing;
    if (!r.library.empty()) j["library"] = r.library;
    if (r.drives) j["drives"] = r.drives;
    if (r.sync != "end") j["sync"] = r.sync;
    if (r.read_order != "position") j["read_order"] = r.read_order;
    if (r.report_missing_keys) j["report_missing_keys"] = true;
    return j;
}

Result<job::RestoreResult> restore_result(const Job& j) {
    const std::string name = "job " + std::to_string(j.id);
    if (!j.report)
        return make_error(ErrorKind::InvalidArgument, name + " has not ended (" + j.status + ")");
    if (j.report->kind != "restore")
        return make_error(ErrorKind::InvalidArgument,
                          name + " is a " + j.report->kind + ", not a restore");
    return job::restore_result_from_json(j.document);
}

} // namespace tl::client
