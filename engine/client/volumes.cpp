#include "client/volumes.h"

#include "client/json_field.h"

namespace tl::client {

namespace {
std::optional<int> optional_number(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_number_integer()) return std::nullopt;
    return j[key].get<int>();
}

VolumeLocation location_from_json(const nlohmann::json& j) {
    VolumeLocation l;
    if (!j.is_object()) return l;
    l.where = field<std::string>(j, "where");
    l.library = field<std::string>(j, "library");
    l.slot = optional_number(j, "slot");
    l.drive = optional_number(j, "drive");
    l.site = field<std::string>(j, "site");
    l.left_at = field<long long>(j, "left_at");
    return l;
}
} // namespace

Result<VolumeHistory> volume_history_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("history") || !j["history"].is_array())
        return make_error(ErrorKind::Io, "the service's answer is no volume history");
    VolumeHistory h{field<std::string>(j, "barcode"), field<std::string>(j, "state"), {}};
    for (const auto& e : j["history"])
        h.history.push_back({field<long long>(e, "time"), field<std::string>(e, "from"),
                             field<std::string>(e, "to"), field<std::string>(e, "reason")});
    return h;
}

Result<std::vector<media::VolumeHealth>> volume_health_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("volumes") || !j["volumes"].is_array())
        return make_error(ErrorKind::Io, "the service's answer is no list of cartridge wear");
    std::vector<media::VolumeHealth> all;
    for (const auto& v : j["volumes"]) {
        media::VolumeHealth h;
        h.barcode = field<std::string>(v, "barcode");
        h.mounts = field<std::int64_t>(v, "mounts");
        h.bytes_written = field<std::uint64_t>(v, "bytes_written");
        h.bytes_read = field<std::uint64_t>(v, "bytes_read");
        h.full_passes = field<double>(v, "full_passes");
        h.rated_passes = field<double>(v, "rated_full_passes");
        h.rated_loads = field<double>(v, "rated_loads");
        h.soft_errors = field<std::int64_t>(v, "soft_errors");
        h.hard_errors = field<std::int64_t>(v, "hard_errors");
        h.first_use = field<long long>(v, "first_use");
        h.last_use = field<long long>(v, "last_use");
        h.capacity = field<std::uint64_t>(v, "capacity");
        if (v.contains("retire_by") && v["retire_by"].is_number_integer())
            h.retire_by = v["retire_by"].get<long long>();
        h.verdict = field<std::string>(v, "verdict");
        h.reason = field<std::string>(v, "reason");
        all.push_back(std::move(h));
    }
    return all;
}

Result<Volume> volume_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("barcode") || !j["barcode"].is_string())
        return make_error(ErrorKind::Io, "the service's volume document has no barcode");
    Volume v;
    v.barcode = j["barcode"].get<std::string>();
    v.pool = field<std::string>(j, "pool");
    v.state = field<std::string>(j, "state");
    v.bytes = field<std::uint64_t>(j, "bytes");
    v.capacity = field<std::uint64_t>(j, "capacity");
    v.jobs = field<std::int64_t>(j, "jobs");
    v.tape_files = field<std::int64_t>(j, "tape_files");
    v.labeled = field<long long>(j, "labeled");
    v.first_written = field<long long>(j, "first_written");
    v.last_written = field<long long>(j, "last_written");
    v.encrypted = field<bool>(j, "encrypted");
    v.encryption_keys = field<std::string>(j, "encryption_keys");
    v.location = location_from_json(j.value("location", nlohmann::json()));
    if (j.contains("usage") && j["usage"].is_object()) v.usage = volume_usage_from_json(j["usage"]);
    v.document = j;
    return v;
}

Result<LabeledVolume> labeled_volume_from_json(const nlohmann::json& j) {
    auto v = volume_from_json(j);
    if (!v) return v.error();
    LabeledVolume l;
    l.volume = std::move(v.value());
    l.jobs_purged = field<std::int64_t>(j, "jobs_purged");
    l.adopted = field<bool>(j, "adopted");
    return l;
}

nlohmann::json to_json(const VolumeChange& c) {
    nlohmann::json j = nlohmann::json::object();
    if (c.state) j["state"] = *c.state;
    if (!c.reason.empty()) j["reason"] = c.reason;
    if (c.site) j["location"] = {{"where", "outside"}, {"site", *c.site}};
    if (c.onsite) {
        j["location"] = {{"where", "library"}};
        if (!c.library.empty()) j["location"]["library"] = c.library;
    }
    return j;
}

nlohmann::json to_json(const LabelRequest& r) {
    nlohmann::json j = nlohmann::json::object();
    if (!r.pool.empty()) j["pool"] = r.pool;
    if (!r.library.empty()) j["library"] = r.library;
    if (r.block_size) j["block_size"] = *r.block_size;
    if (r.force) j["force"] = true;
    if (r.relabel) j["relabel"] = true;
    return j;
}

Result<VolumeContents> volume_contents_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("barcode") || !j["barcode"].is_string())
        return make_error(ErrorKind::Io, "the service's answer names no volume");
    for (const char* list : {"sessions", "objects", "bad_blocks"})
        if (!j.contains(list) || !j[list].is_array())
            return make_error(ErrorKind::Io,
                              std::string("the service's volume contents have no \"") + list +
                                  "\" list");
    VolumeContents c;
    c.barcode = field<std::string>(j, "barcode");
    c.uuid = field<std::string>(j, "uuid");
    c.pool = field<std::string>(j, "pool");
    c.block_size = field<std::uint32_t>(j, "block_size");
    c.tape_files = field<std::uint32_t>(j, "tape_files");
    c.sessions = j["sessions"].size();
    c.objects = j["objects"].size();
    c.bad_blocks = j["bad_blocks"].size();
    c.document = j;
    return c;
}

} // namespace tl::client
