#include "service/caller.h"

#include "common/log.h"
#include "service/peer_checked_server.h"
#include "service/token_store.h"

namespace tl::service {

Caller local_caller(const httplib::Request& req) {
    return {"uid " + req.get_header_value(kPeerUidHeader), Scope::Admin};
}

Result<Caller> remote_caller(const ApiContext& ctx, const httplib::Request& req) {
    const std::string auth = req.get_header_value("Authorization");
    const std::string prefix = "Bearer ";
    if (auth.rfind(prefix, 0) != 0)
        return make_error(ErrorKind::NotFound,
                          "no bearer token (header Authorization: Bearer TOKEN; tapeloom-cli "
                          "token add NAME on the service's machine makes one)");
    auto token = TokenStore(ctx.home).check(auth.substr(prefix.size()));
    if (!token)
        return make_error(token.error().kind, token.error().kind == ErrorKind::NotFound
                                                  ? "a token this service does not know"
                                                  : token.error().message);
    return Caller{"token " + token->name, token->scope};
}

bool refuse_scope(const Caller& caller, Scope needed, const std::string& what,
                  httplib::Response& res) {
    if (scope_allows(caller.scope, needed)) return false;
    log::get("service")->warn("refused {} to {} (scope {}): it needs {}", what, caller.who,
                              scope_name(caller.scope), scope_name(needed));
    reply_json(res, 403,
               {{"error",
                 {{"kind", "forbidden"},
                  {"message", caller.who + " has the scope " + scope_name(caller.scope) +
                                  " and may not " + what + ", which needs " + scope_name(needed) +
                                  " (tapeloom-cli token add NAME --scope " + scope_name(needed) +
                                  " on the service's machine makes such a token)"}}}});
    return true;
}

void add_caller_route(httplib::Server& server, const ApiContext& ctx, Access access) {
    server.Get("/v1/caller", [&ctx, access](const httplib::Request& req, httplib::Response& res) {
        auto caller = access == Access::LocalSocket ? Result<Caller>(local_caller(req))
                                                    : remote_caller(ctx, req);
        if (!caller) return reply_error(res, caller.error());
        reply_json(res, 200, {{"who", caller->who}, {"scope", scope_name(caller->scope)}});
    });
}

} // namespace tl::service
