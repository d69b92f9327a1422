#pragma once
// The clients table (docs/agent.md): the machines whose agents the service backs up.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct ClientRow {
    std::int64_t id = 0;
    std::string name, address, fingerprint, version, os;
    long long added = 0;
    std::optional<long long> last_seen, last_backup; // unix seconds
    std::optional<bool> reachable;                   // at the last contact; never contacted: none
    std::optional<long long> last_backup_bytes;      // source bytes the last backup read
};

Result<std::int64_t> add_client(Db& db, const ClientRow& row);
Result<std::vector<ClientRow>> list_clients(Db& db);
Result<std::optional<ClientRow>> client_by_name(Db& db, const std::string& name);
// False when there is no such client.
Result<bool> remove_client(Db& db, const std::string& name);
// The agent answered: its program version and OS, at `when`.
Status record_client_contact(Db& db, const std::string& name, const std::string& version,
                             const std::string& os, long long when);
// The agent could not be reached (or refused the link) at `when`: it is offline until it answers.
Status record_client_unreachable(Db& db, const std::string& name);
// A backup of the client with at least one completed session ended at `when`, reading `bytes`.
Status record_client_backup(Db& db, const std::string& name, long long when, long long bytes);

} // namespace tl::catalog
