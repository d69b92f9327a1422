#include "client/clients.h"

namespace tl::client {

Result<AgentClient> agent_client_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("name") || !j["name"].is_string())
        return make_error(ErrorKind::Io, "the service's answer is no client");
    AgentClient c;
    c.name = j["name"].get<std::string>();
    c.address = j.value("address", "");
    c.fingerprint = j.value("fingerprint", "");
    c.added = j.value("added", 0LL);
    c.document = j;
    return c;
}

} // namespace tl::client
