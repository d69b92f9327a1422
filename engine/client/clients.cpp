#include "client/clients.h"

namespace tl::client {

namespace {
std::optional<long long> when(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_number_integer()) return std::nullopt;
    return j[key].get<long long>();
}
} // namespace

Result<AgentClient> agent_client_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("name") || !j["name"].is_string())
        return make_error(ErrorKind::Io, "the service's answer is no client");
    AgentClient c;
    c.name = j["name"].get<std::string>();
    c.address = j.value("address", "");
    c.fingerprint = j.value("fingerprint", "");
    c.added = j.value("added", 0LL);
    c.version = j.value("version", "");
    c.os = j.value("os", "");
    c.last_seen = when(j, "last_seen");
    c.last_backup = when(j, "last_backup");
    c.last_backup_bytes = when(j, "last_backup_bytes");
    if (c.last_seen && j.contains("online") && j["online"].is_boolean())
        c.online = j["online"].get<bool>();
    c.service_fingerprint = j.value("service_fingerprint", "");
    c.document = j;
    return c;
}

} // namespace tl::client
