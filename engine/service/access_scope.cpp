#include "service/access_scope.h"

#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "service/api_protocol.h"

namespace tl::service {

namespace {
// The writes an operate token may make: jobs and their cancels, labels, adoptions and recycles,
// cartridge moves and a library's reconcile, a drive's cleaning and its return to service (PATCH
// /v1/drives/{name}), and a volume's state and location (PATCH /v1/volumes/{barcode}).
bool operate_route(const std::string& method, const std::string& path) {
    static const std::regex cancels(R"(/v1/(queue|jobs)/[^/]+/cancel)");
    static const std::regex volume(R"(/v1/volumes/[^/]+)");
    static const std::regex label(
        R"(/v1/volumes/([^/]+/label|[^/]+/recycle|[^/]+/adopt|label-blank))");
    static const std::regex moves(
        R"(/v1/libraries/[^/]+/(load|unload|transfer|import|export|reconcile|insert|remove-cartridge))");
    static const std::regex cleaning(R"(/v1/drives/[^/]+/clean)");
    static const std::regex drive(R"(/v1/drives/[^/]+)");
    if (method == "PATCH") return std::regex_match(path, volume) || std::regex_match(path, drive);
    if (method != "POST") return false;
    if (path == "/v1/backups" || path == "/v1/restores" || path == "/v1/verifications" ||
        path == "/v1/clones" || path == "/v1/scans" || std::regex_match(path, cancels) ||
        std::regex_match(path, label) || std::regex_match(path, moves) ||
        std::regex_match(path, cleaning))
        return true;
    return false;
}
} // namespace

const char* scope_name(Scope s) {
    switch (s) {
    case Scope::Read:
        return "read";
    case Scope::Operate:
        return "operate";
    case Scope::Admin:
        return "admin";
    }
    return "admin";
}

Result<Scope> parse_scope(const std::string& name) {
    for (Scope s : {Scope::Read, Scope::Operate, Scope::Admin})
        if (name == scope_name(s)) return s;
    return make_error(ErrorKind::InvalidArgument,
                      "a token's scope is read, operate or admin, not '" + name + "'");
}

bool is_write(const std::string& method, const std::string& path) {
    if (method == "GET" || method == "HEAD") return false;
    return !(method == "POST" && path == "/v1/restore-plans");
}

Scope needed_scope(const std::string& method, const std::string& path) {
    if (path == "/v1/audit" || path == "/v1/tokens") return Scope::Admin;
    if (!is_write(method, path)) return Scope::Read;
    if (operate_route(method, path)) return Scope::Operate;
    return Scope::Admin;
}

} // namespace tl::service
