#pragma once
// The service's clients as app/ and ui/ use them (docs/agent.md): add, list, show, remove, on a
// CatalogHandle, and their JSON shape (the CLI's --json).
#include <nlohmann/json.hpp>

#include "catalog/client_store.h"
#include "context/catalog_handle.h"

namespace tl::agent {

using Client = catalog::ClientRow;

// Checks the name (letters, digits, '.', '_', '-'), the address (HOST:PORT) and the
// fingerprint; AlreadyExists when a client of that name is there.
Result<Client> add_client(const CatalogHandle& db, const std::string& name,
                          const std::string& address, const std::string& fingerprint,
                          long long now);
Result<std::vector<Client>> list_clients(const CatalogHandle& db);
// NotFound naming the client and how to list them.
Result<Client> find_client(const CatalogHandle& db, const std::string& name);
Status remove_client(const CatalogHandle& db, const std::string& name);

nlohmann::json to_json(const Client& c);

// A save set's source for a client's path, and back ("client:NAME:/path").
std::string client_source(const std::string& client, const std::string& path);
// The client and path of a client's source; nullopt for any other source.
std::optional<std::pair<std::string, std::string>> split_client_source(const std::string& source);

} // namespace tl::agent
