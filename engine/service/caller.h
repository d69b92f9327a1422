#pragma once
// Who calls the API (docs/api.md "Scopes"): on the Unix socket the peer's uid, from
// SO_PEERCRED (root and the data directory's owner, the only peers admitted, may do
// everything: admin); on the TLS listener the bearer token's name and scope (token_store.h).
#include <string>

#include <httplib.h>

#include "common/result.h"
#include "service/access_scope.h"
#include "service/api_context.h"

namespace tl::service {

struct Caller {
    std::string who; // "uid 1000", "token ops"
    Scope scope = Scope::Read;
};

Caller local_caller(const httplib::Request& req);
// NotFound saying why when the request has no bearer token or one this service does not know.
Result<Caller> remote_caller(const ApiContext& ctx, const httplib::Request& req);
// Answers 403 naming the caller, its scope and the scope `needed`, and logs it, when the
// caller's scope is below it; false (nothing answered) when it may.
// `what` is the request, e.g. "POST /v1/backups".
bool refuse_scope(const Caller& caller, Scope needed, const std::string& what,
                  httplib::Response& res);

// GET /v1/caller: {"who", "scope"} of the caller. With ?method=M&path=P the guard answers 403
// first when the caller may not M P: a client whose write broke off (the service refuses before
// it reads a body and closes the connection) asks this to say why.
void add_caller_route(httplib::Server& server, const ApiContext& ctx, Access access);

} // namespace tl::service
