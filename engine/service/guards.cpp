// The checks every request passes before its route: the peer (root or the data directory's
// owner, from SO_PEERCRED, see peer_checked_server.h) and the API version.
#include <cstdlib>

#include "common/log.h"
#include "service/api_context.h"
#include "service/api_protocol.h"
#include "service/caller.h"
#include "service/peer_checked_server.h"

namespace tl::service {

namespace {
bool peer_refused(const ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
    const std::string uid = req.get_header_value(kPeerUidHeader);
    char* end = nullptr;
    const unsigned long n = std::strtoul(uid.c_str(), &end, 10);
    if (!uid.empty() && !*end && peer_may_connect(static_cast<uid_t>(n), ctx.owner)) return false;
    log::get("service")->warn("refused {} {} from uid {} (pid {}): only root and the data "
                              "directory's owner (uid {}) may use the service",
                              req.method, req.path, uid, req.get_header_value(kPeerPidHeader),
                              static_cast<long>(ctx.owner));
    reply_json(res, 403,
               {{"error",
                 {{"kind", "forbidden"},
                  {"message", "uid " + uid + " may not use the Tapeloom service of " + ctx.home +
                                  "; only root and the data directory's owner (uid " +
                                  std::to_string(ctx.owner) + ") may"}}}});
    return true;
}
// The request a caller must be allowed: itself, or for GET /v1/caller?method=M&path=P, M P.
std::pair<std::string, std::string> intended(const httplib::Request& req) {
    if (req.path == "/v1/caller" && req.has_param("method"))
        return {req.get_param_value("method"), req.get_param_value("path")};
    return {req.method, req.path};
}

// The scope a request needs, known before its body is read.
Scope scope_before_body(const std::string& method, const std::string& path) {
    return needed_scope(method, path);
}

// A remote request (TLS listener) needs "Authorization: Bearer TOKEN" of a token in the data
// directory's token store (else 401), whose scope allows the request (else 403).
bool token_refused(const ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
    auto caller = remote_caller(ctx, req);
    if (caller) {
        const auto [method, path] = intended(req);
        return refuse_scope(caller.value(), scope_before_body(method, path), method + " " + path,
                            res);
    }
    const std::string why = caller.error().message;
    log::get("service")->warn("refused {} {} from {}:{}: {}", req.method, req.path, req.remote_addr,
                              req.remote_port, why);
    res.set_header("WWW-Authenticate", "Bearer");
    reply_json(res, 401, {{"error", {{"kind", "forbidden"}, {"message", "refused: " + why}}}});
    return true;
}
} // namespace

void add_guards(httplib::Server& server, const ApiContext& ctx, Access access) {
    server.set_pre_routing_handler(
        [&ctx, access](const httplib::Request& req, httplib::Response& res) {
            const bool refused = access == Access::LocalSocket ? peer_refused(ctx, req, res)
                                                               : token_refused(ctx, req, res);
            if (refused) return httplib::Server::HandlerResponse::Handled;
            if (req.path.rfind("/v", 0) == 0) {
                if (auto st = check_api_version(req.get_header_value(kApiHeader)); !st) {
                    reply_error(res, st.error());
                    return httplib::Server::HandlerResponse::Handled;
                }
            }
            return httplib::Server::HandlerResponse::Unhandled;
        });
    server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;
        reply_json(res, res.status,
                   error_json(make_error(res.status == 404 ? ErrorKind::NotFound
                                                           : ErrorKind::InvalidArgument,
                                         req.method + " " + req.path +
                                             " is no operation of this service; see "
                                             "docs/api.md")));
    });
    server.set_exception_handler(
        [](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
            std::string what = "unknown exception";
            try {
                if (ep) std::rethrow_exception(ep);
            } catch (const std::exception& e) {
                what = e.what();
            } catch (...) {
            }
            log::get("service")->error("{} {}: {}", req.method, req.path, what);
            reply_error(res, make_error(ErrorKind::Internal, req.path + ": " + what));
        });
}

} // namespace tl::service
