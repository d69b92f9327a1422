// tapeloom-cli key ...: the key store of encrypted save sets (docs/media.md "Encryption").
// `key list`, `key create` and `key import` go to the service when one runs for the data
// directory or with --connect (GET and POST /v1/keys: the service holds the data directory, and
// the key lands in its store); without one they work on the key store here. `key export` writes
// the key itself, which never leaves the service's machine through the API: it runs there.
#include <ctime>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "client/service_api.h"
#include "client/service_client.h"
#include "commands/commands.h"
#include "crypto/key_store.h"
#include "passphrase.h"

namespace tl::cli {
namespace {

nlohmann::json key_json(const crypto::KeyInfo& k) {
    return {{"name", k.name}, {"id", k.id}, {"created", k.created}};
}

std::string word(Context& ctx, std::size_t i) {
    const auto& w = ctx.args().words();
    return i < w.size() ? w[i] : std::string();
}

Result<crypto::KeyStore> open_store(Context& ctx) {
    auto e = ctx.engine(); // creates the data directory and holds its lock
    if (!e) return e.error();
    return crypto::KeyStore::in_home(e.value()->home());
}

// The key store to read: its files only, no engine and no lock, so it answers beside a
// running service (which holds the data directory).
crypto::KeyStore read_store(const Context& ctx) {
    return crypto::KeyStore::in_home(ctx.home());
}

// The service that holds the key store: the data directory's when it runs, or --connect's; none
// when the store is worked on here.
std::unique_ptr<client::ServiceClient> key_service(const Context& ctx) {
    auto c = client_for(ctx);
    if (ctx.args().has("connect") || c->service()) return c;
    return nullptr;
}

int print_key(Context& ctx, const crypto::KeyInfo& k, const std::string& done) {
    if (ctx.json())
        ctx.print_json(key_json(k));
    else
        ctx.out() << "key " << k.id << " " << done << "\n";
    return 0;
}

std::int64_t now(Context& ctx) {
    auto e = ctx.engine();
    return e ? to_unix_seconds(e.value()->clock().wall()) : 0;
}

int create(Context& ctx) {
    const std::string name = word(ctx, 0);
    if (name.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "key create needs a NAME"));
    if (auto service = key_service(ctx)) {
        auto k = client::ServiceApi(*service).create_key(name);
        if (!k) return ctx.fail(service->stopped(k.error(), "key create"));
        return print_key(ctx, {k->name, k->id, k->created},
                         "created in the service's key store; export it there (key export) and "
                         "keep the copy off site");
    }
    auto store = open_store(ctx);
    if (!store) return ctx.fail(store.error());
    auto k = store->create(name, now(ctx));
    if (!k) return ctx.fail(k.error());
    if (ctx.json())
        ctx.print_json(key_json(k.value()));
    else
        ctx.out() << "key " << k->id << " created in " << store->dir()
                  << "; export it (key export) and keep the copy off site\n";
    return 0;
}

Result<std::vector<crypto::KeyInfo>> listed_keys(const Context& ctx) {
    auto service = key_service(ctx);
    if (!service) return read_store(ctx).list();
    auto keys = client::ServiceApi(*service).keys();
    if (!keys) return service->stopped(keys.error(), "key list");
    std::vector<crypto::KeyInfo> out;
    for (const auto& k : keys.value())
        out.push_back({k.name, k.id, k.created});
    return out;
}

int list(Context& ctx) {
    auto keys = listed_keys(ctx);
    if (!keys) return ctx.fail(keys.error());
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& k : keys.value())
            arr.push_back(key_json(k));
        ctx.print_json(arr);
        return 0;
    }
    ctx.out() << std::left << std::setw(20) << "NAME"
              << "ID\n";
    for (const auto& k : keys.value())
        ctx.out() << std::left << std::setw(20) << k.name << k.id << "\n";
    return 0;
}

int export_key(Context& ctx) {
    const std::string name = word(ctx, 0), file = word(ctx, 1);
    if (name.empty() || file.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "key export needs NAME and FILE"));
    const auto store = read_store(ctx);
    if (auto k = store.info(name); !k) return ctx.fail(k.error());
    auto pass = read_passphrase(ctx.args(), true);
    if (!pass) return ctx.fail(pass.error());
    if (auto st = store.export_key(name, file, pass.value()); !st) return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"exported", name}, {"file", file}});
    else
        ctx.out() << "key " << name << " exported to " << file
                  << " (protected by the passphrase)\n";
    return 0;
}

// The export FILE sent to the service (POST /v1/keys) with its passphrase read here.
int import_through_service(Context& ctx, client::ServiceClient& service, const std::string& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    auto document = nlohmann::json::parse(text.str(), nullptr, false);
    if (!in || !document.is_object())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   file + " is no key export (the JSON document tapeloom-cli key "
                                          "export writes); give the file key export wrote"));
    auto pass = read_passphrase(ctx.args(), false);
    if (!pass) return ctx.fail(pass.error());
    auto k = client::ServiceApi(service).import_key({document, pass.value()});
    if (!k) return ctx.fail(service.stopped(k.error(), "key import"));
    return print_key(ctx, {k->name, k->id, k->created}, "imported into the service's key store");
}

int import_key(Context& ctx) {
    const std::string file = word(ctx, 0);
    if (file.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "key import needs a FILE"));
    if (auto service = key_service(ctx)) return import_through_service(ctx, *service, file);
    auto store = open_store(ctx);
    if (!store) return ctx.fail(store.error());
    auto pass = read_passphrase(ctx.args(), false);
    if (!pass) return ctx.fail(pass.error());
    auto k = store->import_key(file, pass.value(), now(ctx));
    if (!k) return ctx.fail(k.error());
    return print_key(ctx, k.value(), "imported");
}

} // namespace

void add_key_commands(Registry& r) {
    r.push_back({{"key", "create"},
                 "NAME",
                 "create a random AES-256 key in the key store",
                 {},
                 {},
                 create});
    r.push_back({{"key", "list"}, "", "the keys in the key store (names and ids)", {}, {}, list});
    r.push_back({{"key", "export"},
                 "NAME FILE [--passphrase-file FILE]",
                 "write a key to FILE, protected by a passphrase (scrypt)",
                 {"passphrase-file"},
                 {},
                 export_key});
    r.push_back({{"key", "import"},
                 "FILE [--passphrase-file FILE]",
                 "read a key export into the key store",
                 {"passphrase-file"},
                 {},
                 import_key});
}

} // namespace tl::cli
