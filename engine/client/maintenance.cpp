#include "client/maintenance.h"

#include "service/api_protocol.h"
#include "shapes/maintenance_json.h"

namespace tl::client {

nlohmann::json to_json(const CatalogBackupRequest& r) {
    nlohmann::json j = nlohmann::json::object();
    if (!r.pool.empty()) j["pool"] = r.pool;
    if (!r.library.empty()) j["library"] = r.library;
    return j;
}

nlohmann::json to_json(const ScanRequest& r) {
    nlohmann::json j = {{"barcodes", r.barcodes}, {"all", r.all}};
    if (!r.library.empty()) j["library"] = r.library;
    return j;
}

Result<ScanState> scan_state_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("state") || !j["state"].is_string())
        return make_error(ErrorKind::Io, "the service's answer about the scan has no state");
    ScanState s;
    s.id = j.value("id", std::int64_t{0});
    s.ended = j["state"] == "ended";
    if (j.contains("report")) s.report = shapes::scan_report_from_json(j["report"]);
    if (j.contains("error"))
        s.error = service::error_from_body(500, nlohmann::json{{"error", j["error"]}}.dump());
    if (s.ended && !s.report && !s.error)
        return make_error(ErrorKind::Io, "the service's answer about an ended scan has neither "
                                         "its report nor its error");
    return s;
}

} // namespace tl::client
