#pragma once
// The service's audit log (table audit_log, docs/api.md "Audit log"): one row per write through
// the API, with who asked, what, when and the answer's status. Functions use the caller's
// connection.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct AuditRecord {
    std::int64_t id = 0;
    long long at = 0;   // unix seconds
    std::string who;    // "uid 1000", "token ops"
    std::string method; // POST, ...
    std::string route;  // the request's path
    std::string detail; // key arguments (JSON), "" when the request had none
    int status = 0;     // the HTTP status answered
};

Status record_audit(Db& db, const AuditRecord& record); // id is assigned

struct AuditQuery {
    long long since = 0;      // only records at or after this time (unix seconds)
    std::size_t limit = 1000; // the newest this many of them
};
// Oldest first.
Result<std::vector<AuditRecord>> list_audit(Db& db, const AuditQuery& query);

} // namespace tl::catalog
