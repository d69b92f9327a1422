#pragma once
// What a caller of the API may do (docs/api.md "Scopes"): a token's scope, and the scope each
// request needs. read: every GET (but the audit log and the tokens) and POST
// /v1/restore-plans;
// operate: also the jobs (backups, restores, verifies, clones, scans, cancels), labels,
// cartridge moves and volume changes (PATCH /v1/volumes/{barcode}); admin: everything (the
// service's stop, definitions, schedules, pools, libraries, drives' configuration, prune, the
// audit log, the tokens, and any route not named above).
#include <optional>
#include <string>

#include "common/result.h"

namespace tl::service {

enum class Scope { Read = 0, Operate = 1, Admin = 2 };

const char* scope_name(Scope s);
// "read", "operate" or "admin"; InvalidArgument naming the three otherwise.
Result<Scope> parse_scope(const std::string& name);
inline bool scope_allows(Scope held, Scope needed) {
    return static_cast<int>(held) >= static_cast<int>(needed);
}

// Whether a request changes anything (what the audit log records): every method but GET and
// HEAD, except POST /v1/restore-plans (a restore's plan).
bool is_write(const std::string& method, const std::string& path);
// The scope a request needs.
Scope needed_scope(const std::string& method, const std::string& path);

} // namespace tl::service
