#include "shapes/maintenance_json.h"

#include "job/restore_outcome.h"

namespace tl::shapes {

namespace {
template <class T> T field(const nlohmann::json& j, const char* key, T fallback = T{}) {
    if (!j.is_object() || !j.contains(key) || j[key].is_null()) return fallback;
    try {
        return j[key].get<T>();
    } catch (const nlohmann::json::exception&) {
        return fallback;
    }
}

nlohmann::json pruned_json(const media::PrunedJob& j) {
    return {{"id", j.id},     {"name", j.name},       {"level", j.level},
            {"pool", j.pool}, {"started", j.started}, {"files", j.files}};
}

std::vector<media::PrunedJob> pruned_from_json(const nlohmann::json& arr) {
    std::vector<media::PrunedJob> out;
    if (!arr.is_array()) return out;
    for (const auto& x : arr)
        out.push_back({field<std::int64_t>(x, "id"), field<std::string>(x, "name"),
                       field<std::string>(x, "level"), field<std::string>(x, "pool"),
                       field<long long>(x, "started"), field<std::int64_t>(x, "files")});
    return out;
}
} // namespace

nlohmann::json scan_report_json(const job::ScanReport& s) {
    nlohmann::json incomplete = nlohmann::json::array();
    for (const auto& j : s.incomplete)
        incomplete.push_back({{"job_id", j.job_id}, {"reasons", j.reasons}});
    return {{"volumes", s.volumes},
            {"sessions_added", s.sessions_added},
            {"sessions_known", s.sessions_known},
            {"jobs_added", s.jobs_added},
            {"files_added", s.files_added},
            {"blocks_read", s.blocks_read},
            {"bad_blocks", job::bad_blocks_json(s.bad_blocks)},
            {"warnings", s.warnings},
            {"damaged_volumes", s.damaged_volumes},
            {"incomplete", incomplete},
            {"keys_missing", s.keys_missing}};
}

job::ScanReport scan_report_from_json(const nlohmann::json& j) {
    job::ScanReport s;
    using Words = std::vector<std::string>;
    s.volumes = field<Words>(j, "volumes");
    s.sessions_added = field<std::uint64_t>(j, "sessions_added");
    s.sessions_known = field<std::uint64_t>(j, "sessions_known");
    s.jobs_added = field<std::uint64_t>(j, "jobs_added");
    s.files_added = field<std::uint64_t>(j, "files_added");
    s.blocks_read = field<std::uint64_t>(j, "blocks_read");
    for (const auto& b : field<nlohmann::json>(j, "bad_blocks", nlohmann::json::array()))
        s.bad_blocks.push_back(
            {field<std::string>(b, "volume"), field<std::uint32_t>(b, "tape_file"),
             field<std::uint32_t>(b, "block"), field<std::string>(b, "message")});
    s.warnings = field<Words>(j, "warnings");
    s.damaged_volumes = field<Words>(j, "damaged_volumes");
    for (const auto& x : field<nlohmann::json>(j, "incomplete", nlohmann::json::array()))
        s.incomplete.push_back({field<std::int64_t>(x, "job_id"), field<Words>(x, "reasons")});
    s.keys_missing = field<Words>(j, "keys_missing");
    return s;
}

nlohmann::json prune_report_json(const media::PruneReport& p) {
    nlohmann::json j = {{"dry_run", p.dry_run},
                        {"now", p.now},
                        {"jobs_expired", nlohmann::json::array()},
                        {"files_expired", nlohmann::json::array()},
                        {"kept_for_dependency", nlohmann::json::array()},
                        {"kept_for_copies", nlohmann::json::array()},
                        {"volumes_recyclable", p.volumes_recyclable},
                        {"volumes_to_recycle", p.volumes_to_recycle}};
    for (const auto& x : p.jobs_expired)
        j["jobs_expired"].push_back(pruned_json(x));
    for (const auto& x : p.files_expired)
        j["files_expired"].push_back(pruned_json(x));
    for (const auto& k : p.kept_for_dependency)
        j["kept_for_dependency"].push_back({{"id", k.id}, {"needed_by", k.needed_by}});
    for (const auto& k : p.kept_for_copies)
        j["kept_for_copies"].push_back({{"id", k.id}, {"pool", k.pool}, {"until", k.until}});
    return j;
}

media::PruneReport prune_report_from_json(const nlohmann::json& j) {
    media::PruneReport p;
    using Words = std::vector<std::string>;
    p.dry_run = field<bool>(j, "dry_run");
    p.now = field<long long>(j, "now");
    p.jobs_expired = pruned_from_json(field<nlohmann::json>(j, "jobs_expired"));
    p.files_expired = pruned_from_json(field<nlohmann::json>(j, "files_expired"));
    for (const auto& k : field<nlohmann::json>(j, "kept_for_dependency", nlohmann::json::array()))
        p.kept_for_dependency.push_back(
            {field<std::int64_t>(k, "id"), field<std::int64_t>(k, "needed_by")});
    for (const auto& k : field<nlohmann::json>(j, "kept_for_copies", nlohmann::json::array()))
        p.kept_for_copies.push_back({field<std::int64_t>(k, "id"), field<std::string>(k, "pool"),
                                     field<long long>(k, "until")});
    p.volumes_recyclable = field<Words>(j, "volumes_recyclable");
    p.volumes_to_recycle = field<Words>(j, "volumes_to_recycle");
    return p;
}

nlohmann::json restore_plan_json(const job::RestorePlan& p) {
    nlohmann::json v = nlohmann::json::array();
    for (const auto& x : p.volumes)
        v.push_back({{"barcode", x.barcode},
                     {"location", x.location},
                     {"in_library", x.in_library},
                     {"blocks", x.blocks},
                     {"passes", x.passes},
                     {"locates", x.locates},
                     {"model_s", x.model_seconds}});
    nlohmann::json j = {{"files", p.files},
                        {"bytes_wanted", p.bytes_wanted},
                        {"bytes_to_read", p.bytes_to_read},
                        {"rate_Bps", p.rate},
                        {"rate_measured", p.rate_measured},
                        {"estimated_seconds", p.estimated_seconds},
                        {"volumes", v},
                        {"drive_model", p.drive_model},
                        {"model_s", p.model_seconds},
                        {"missing", p.missing}};
    if (!p.missing_keys.empty()) j["missing_keys"] = p.missing_keys;
    return j;
}

job::RestorePlan restore_plan_from_json(const nlohmann::json& j) {
    job::RestorePlan p;
    for (const auto& x : field<nlohmann::json>(j, "volumes", nlohmann::json::array())) {
        job::PlanVolume v;
        v.barcode = field<std::string>(x, "barcode");
        v.location = field<std::string>(x, "location");
        v.in_library = field<bool>(x, "in_library");
        v.blocks = field<std::uint64_t>(x, "blocks");
        v.passes = field<std::uint64_t>(x, "passes");
        v.locates = field<std::uint64_t>(x, "locates");
        v.model_seconds = field<double>(x, "model_s");
        p.volumes.push_back(std::move(v));
    }
    p.files = field<std::uint64_t>(j, "files");
    p.bytes_wanted = field<std::uint64_t>(j, "bytes_wanted");
    p.bytes_to_read = field<std::uint64_t>(j, "bytes_to_read");
    p.rate = field<double>(j, "rate_Bps");
    p.rate_measured = field<bool>(j, "rate_measured");
    p.estimated_seconds = field<double>(j, "estimated_seconds");
    p.drive_model = field<std::string>(j, "drive_model");
    p.model_seconds = field<double>(j, "model_s");
    p.missing = field<std::vector<std::string>>(j, "missing");
    p.missing_keys = field<std::vector<std::string>>(j, "missing_keys");
    return p;
}

} // namespace tl::shapes
