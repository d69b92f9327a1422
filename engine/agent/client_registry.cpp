#include "agent/client_registry.h"

#include "agent/identity.h"
#include "agent/tls_link.h"
#include "context/engine_catalog.h"

namespace tl::agent {

namespace {
Status check_name(const std::string& name) {
    bool ok = !name.empty() && name.size() <= 64;
    for (char c : name)
        ok =
            ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-');
    if (ok) return {};
    return make_error(ErrorKind::InvalidArgument,
                      "client name '" + name +
                          "': use letters, digits, '.', '_' and '-' (at most 64), e.g. the host "
                          "name");
}
} // namespace

Result<Client> add_client(const CatalogHandle& db, const std::string& name,
                          const std::string& address, const std::string& fingerprint,
                          long long now) {
    TL_TRY(check_name(name));
    TL_TRY(split_address(address));
    auto fp = normalize_fingerprint(fingerprint);
    if (!fp) return fp.error();
    auto& conn = catalog_db(db);
    auto there = catalog::client_by_name(conn, name);
    if (!there) return there.error();
    if (there.value())
        return make_error(ErrorKind::AlreadyExists,
                          "client " + name + " exists already; remove it first to change it");
    Client c;
    c.name = name;
    c.address = address;
    c.fingerprint = fp.value();
    c.added = now;
    auto id = catalog::add_client(conn, c);
    if (!id) return id.error();
    c.id = id.value();
    return c;
}

Result<std::vector<Client>> list_clients(const CatalogHandle& db) {
    return catalog::list_clients(catalog_db(db));
}

Result<Client> find_client(const CatalogHandle& db, const std::string& name) {
    auto c = catalog::client_by_name(catalog_db(db), name);
    if (!c) return c.error();
    if (!c.value())
        return make_error(ErrorKind::NotFound,
                          "client " + name + " is not added; see tapeloom-cli client list");
    return *c.value();
}

Status remove_client(const CatalogHandle& db, const std::string& name) {
    auto gone = catalog::remove_client(catalog_db(db), name);
    if (!gone) return gone.error();
    if (!gone.value())
        return make_error(ErrorKind::NotFound,
                          "client " + name + " is not added; see tapeloom-cli client list");
    return {};
}

nlohmann::json to_json(const Client& c) {
    auto opt = [](const std::optional<long long>& v) -> nlohmann::json {
        return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
    };
    return {{"name", c.name},
            {"address", c.address},
            {"fingerprint", c.fingerprint},
            {"version", c.version},
            {"os", c.os},
            {"added", c.added},
            {"last_seen", opt(c.last_seen)},
            {"online", c.reachable.value_or(false)},
            {"last_backup", opt(c.last_backup)},
            {"last_backup_bytes", opt(c.last_backup_bytes)}};
}

std::string client_source(const std::string& client, const std::string& path) {
    return "client:" + client + ":" + path;
}

std::optional<std::pair<std::string, std::string>> split_client_source(const std::string& source) {
    if (source.rfind("client:", 0) != 0) return std::nullopt;
    const auto colon = source.find(':', 7);
    if (colon == std::string::npos) return std::nullopt;
    return std::pair{source.substr(7, colon - 7), source.substr(colon + 1)};
}

} // namespace tl::agent
