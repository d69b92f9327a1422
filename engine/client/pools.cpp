#include "client/pools.h"

#include "client/json_field.h"
#include "media/pool.h"

namespace tl::client {

namespace {
template <class T> void put(nlohmann::json& j, const char* key, const std::optional<T>& v) {
    if (v) j[key] = *v;
}
} // namespace

Result<Pool> pool_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("name") || !j["name"].is_string())
        return make_error(ErrorKind::Io, "the service's pool document has no name");
    Pool p;
    p.name = j["name"].get<std::string>();
    p.purpose = field<std::string>(j, "purpose");
    p.auto_label = field<bool>(j, "auto_label");
    p.retention_days = field<int>(j, "retention_days");
    p.file_retention_days = field<int>(j, "file_retention_days");
    p.max_jobs = field<std::int64_t>(j, "max_jobs");
    p.max_bytes = field<std::int64_t>(j, "max_bytes");
    p.max_use_seconds = field<std::int64_t>(j, "max_use_seconds");
    p.recycle = field<std::string>(j, "recycle");
    p.volumes = field<std::int64_t>(j, "volumes");
    p.encryption = field<std::string>(j, "encryption");
    p.key = field<std::string>(j, "key");
    p.encrypt_names = field<bool>(j, "encrypt_names");
    p.writable_in_library = j.value("writable_in_library", std::int64_t{0});
    p.scratch_in_library = j.value("scratch_in_library", std::int64_t{0});
    p.document = j;
    return p;
}

Result<std::vector<Pool>> pools_from_json(const nlohmann::json& j) {
    if (!j.is_array()) return make_error(ErrorKind::Io, "the service's pool list is no list");
    std::vector<Pool> pools;
    for (const auto& e : j) {
        auto p = pool_from_json(e);
        if (!p) return p.error();
        pools.push_back(std::move(p.value()));
    }
    return pools;
}

nlohmann::json to_json(const PoolChanges& c) {
    nlohmann::json j = nlohmann::json::object();
    put(j, "purpose", c.purpose);
    put(j, "auto_label", c.auto_label);
    put(j, "retention_days", c.retention_days);
    put(j, "file_retention_days", c.file_retention_days);
    put(j, "max_jobs", c.max_jobs);
    put(j, "max_bytes", c.max_bytes);
    put(j, "max_use_seconds", c.max_use_seconds);
    put(j, "recycle", c.recycle);
    put(j, "encryption", c.encryption);
    put(j, "key", c.key);
    put(j, "encrypt_names", c.encrypt_names);
    return j;
}

PoolChanges pool_changes_of(const media::PoolChanges& c) {
    PoolChanges t;
    t.purpose = c.purpose;
    t.auto_label = c.auto_label;
    t.retention_days = c.retention_days;
    t.file_retention_days = c.file_retention_days;
    t.max_jobs = c.max_jobs;
    t.max_bytes = c.max_bytes;
    t.max_use_seconds = c.max_use_seconds;
    if (c.auto_recycle) t.recycle = *c.auto_recycle ? "auto" : "manual";
    t.encryption = c.encryption;
    t.key = c.key;
    t.encrypt_names = c.encrypt_names;
    return t;
}

} // namespace tl::client
