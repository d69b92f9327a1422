// tapeloom-cli token add|list|remove: the bearer tokens remote clients use with the service's
// TLS listener (docs/api.md "Remote access"). The token is printed once; the data directory
// keeps its SHA-256 only (service/token_store.h). A token's scope (read, operate, admin;
// service/access_scope.h) says what its holder may do; `token add` makes read tokens unless
// --scope says otherwise. `token list --connect URL` lists a remote service's tokens (admin);
// tokens are added and removed on the service's machine only.
#include <ctime>

#include "client/service_api.h"
#include "client/service_client.h"
#include "commands/commands.h"
#include "common/home.h"
#include "exit_codes.h"
#include "service/token_store.h"

namespace tl::cli {

namespace {
Result<std::string> token_name(Context& ctx, const char* what) {
    if (ctx.args().words().size() != 1)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("token ") + what + " takes one NAME");
    return ctx.args().words().front();
}

int token_add(Context& ctx) {
    auto name = token_name(ctx, "add");
    if (!name) return ctx.fail(name.error());
    auto scope = service::parse_scope(ctx.args().get("scope", "read"));
    if (!scope) return ctx.fail(scope.error());
    if (auto st = ensure_private_directory(ctx.home()); !st) return ctx.fail(st.error());
    auto token = service::TokenStore(ctx.home()).add(name.value(), scope.value());
    if (!token) return ctx.fail(token.error());
    const char* scope_name = service::scope_name(scope.value());
    if (ctx.json()) {
        ctx.print_json({{"name", name.value()}, {"token", token.value()}, {"scope", scope_name}});
    } else {
        ctx.out() << token.value() << "\n";
        ctx.err() << "tapeloom-cli: token " << name.value() << " (scope " << scope_name
                  << ") added; it is shown this once (only its hash is kept)\n";
    }
    return kOk;
}

// The tokens of the data directory here, or of --connect's service (GET /v1/tokens, admin).
Result<std::vector<service::TokenInfo>> listed_tokens(const Context& ctx) {
    if (!ctx.args().has("connect")) return service::TokenStore(ctx.home()).list();
    auto remote = client_for(ctx);
    auto tokens = client::ServiceApi(*remote).tokens();
    if (!tokens) return tokens.error();
    std::vector<service::TokenInfo> out;
    for (const auto& t : tokens.value()) {
        auto scope = service::parse_scope(t.scope);
        if (!scope) return scope.error();
        out.push_back({t.name, t.created, scope.value()});
    }
    return out;
}

int token_list(Context& ctx) {
    auto tokens = listed_tokens(ctx);
    if (!tokens) return ctx.fail(tokens.error());
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& t : tokens.value())
            arr.push_back({{"name", t.name},
                           {"created", t.created},
                           {"scope", service::scope_name(t.scope)}});
        ctx.print_json(arr);
        return kOk;
    }
    for (const auto& t : tokens.value()) {
        char when[32] = "";
        const std::time_t c = t.created;
        std::strftime(when, sizeof when, "%Y-%m-%d %H:%M", std::localtime(&c));
        ctx.out() << t.name << "  " << service::scope_name(t.scope) << "  created " << when << "\n";
    }
    if (tokens->empty()) ctx.out() << "(no tokens; tapeloom-cli token add NAME)\n";
    return kOk;
}

int token_remove(Context& ctx) {
    auto name = token_name(ctx, "remove");
    if (!name) return ctx.fail(name.error());
    if (auto st = service::TokenStore(ctx.home()).remove(name.value()); !st)
        return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"removed", name.value()}});
    else
        ctx.out() << "token " << name.value() << " removed\n";
    return kOk;
}
} // namespace

void add_token_commands(Registry& r) {
    r.push_back({{"token", "add"},
                 "NAME [--scope read|operate|admin]",
                 "make a bearer token for remote clients of the service (printed once); "
                 "read (the default) reads, operate also runs jobs and changes volumes, admin "
                 "may do everything",
                 {"scope"},
                 {},
                 token_add});
    r.push_back({{"token", "list"},
                 "",
                 "the service's tokens (names and scopes only)",
                 {},
                 {},
                 token_list});
    r.push_back({{"token", "remove"},
                 "NAME",
                 "remove a token: clients using it are refused at once",
                 {},
                 {},
                 token_remove});
}

} // namespace tl::cli
