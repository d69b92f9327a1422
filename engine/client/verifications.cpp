#include "client/verifications.h"

#include <algorithm>

#include "agent/client_verify_outcome.h"
#include "client/json_field.h"
#include "job/verify_outcome.h"

namespace tl::client {

namespace {
Status ended_as(const Job& j, const char* kind) {
    const std::string name = "job " + std::to_string(j.id);
    if (!j.report)
        return make_error(ErrorKind::InvalidArgument, name + " has not ended (" + j.status + ")");
    if (j.report->kind != kind)
        return make_error(ErrorKind::InvalidArgument,
                          name + " is a " + j.report->kind + ", not a " + kind);
    return {};
}
} // namespace

nlohmann::json to_json(const VerificationRequest& r) {
    nlohmann::json j = {{"job", r.job}};
    if (!r.library.empty()) j["library"] = r.library;
    if (!r.pool.empty()) j["pool"] = r.pool;
    if (r.against_client) j["against_client"] = true;
    return j;
}

nlohmann::json to_json(const CloneRequest& r) {
    nlohmann::json j = {{"job", r.job}, {"pool", r.pool}};
    if (!r.savesets.empty()) j["savesets"] = r.savesets;
    if (!r.library.empty()) j["library"] = r.library;
    if (r.reencrypt) j["reencrypt"] = true;
    return j;
}

Result<job::VerifyReport> verify_result(const Job& j) {
    TL_TRY(ended_as(j, "verify"));
    return job::verify_report_from_json(j.document);
}

Result<agent::ClientVerifyResult> client_verify_result(const Job& j) {
    TL_TRY(ended_as(j, "verify"));
    return agent::client_verify_result_from_json(j.document);
}

Result<media::CloneResult> clone_result(const Job& j) {
    TL_TRY(ended_as(j, "clone"));
    const auto& d = j.document;
    media::CloneResult c;
    c.job_id = field<std::int64_t>(d, "cloned_job");
    c.clone_job_id = j.id;
    c.pool = field<std::string>(d, "pool");
    c.volumes_read = field<std::vector<std::string>>(d, "volumes_read");
    c.volumes_written = field<std::vector<std::string>>(d, "volumes_written");
    c.stream_bytes = field<std::uint64_t>(d, "stream_bytes");
    c.bytes_read = field<std::uint64_t>(d, "bytes_read");
    c.bytes_written = field<std::uint64_t>(d, "bytes_written");
    c.files = field<std::uint64_t>(d, "files");
    c.elapsed = field<double>(d, "elapsed_s");
    c.report = j.report.value();
    c.warnings = c.report.warnings;
    if (d.contains("savesets") && d["savesets"].is_array())
        for (const auto& s : d["savesets"])
            c.savesets.push_back({field<std::int64_t>(s, "original"),
                                  field<std::int64_t>(s, "copy"), field<std::string>(s, "source"),
                                  field<std::uint64_t>(s, "bytes"),
                                  field<std::uint64_t>(s, "files"), field<std::string>(s, "keys")});
    return c;
}

std::vector<std::string> copy_pools(const Job& j) {
    std::vector<std::string> pools;
    if (j.document.contains("copies") && j.document["copies"].is_array())
        for (const auto& c : j.document["copies"])
            if (auto p = field<std::string>(c, "pool"); !p.empty()) pools.push_back(p);
    std::sort(pools.begin(), pools.end());
    pools.erase(std::unique(pools.begin(), pools.end()), pools.end());
    return pools;
}

} // namespace tl::client
