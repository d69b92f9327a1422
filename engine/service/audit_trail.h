#pragma once
// The audit log of the API (docs/api.md "Audit log"): every write (access_scope.h is_write),
// answered or refused, is recorded in the catalog (catalog/audit_store.h) before its answer
// goes out: who (the caller: "uid N" on the socket, "token NAME" remotely, "no token" or
// "unknown token" for a refused one), the method and route, the key arguments (the request's
// JSON body with secrets left out) and the status answered. GET /v1/audit reads it (admin).
#include <string>

#include <httplib.h>

#include "service/api_context.h"

namespace tl::service {

// The request's JSON body as the audit keeps it: values of keys that name a secret
// (passphrase, password, secret, token, a key export's sealed_key) replaced by "(hidden)", at most
// 2,000 characters.
std::string audit_detail(const std::string& body);

// Records every write the server answers (cpp-httplib's post-routing handler runs before the
// answer is written, for refusals of the pre-routing guard too).
void add_audit_trail(httplib::Server& server, const ApiContext& ctx, Access access);
// GET /v1/audit?since=UNIX&limit=N: {"entries": [{"id", "at", "who", "method", "route",
// "detail", "status"}...]}, oldest first, the newest `limit` (1..10000, default 1000).
void add_audit_route(httplib::Server& server, const ApiContext& ctx);

} // namespace tl::service
