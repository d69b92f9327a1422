// The library commands that go to the service through its typed door (client/api.h, docs/api.md
// "Resources") rather than as a task running the command there: `library list` (GET
// /v1/libraries), `library load|unload|transfer|import|export|insert|remove-cartridge`
// (POST /v1/libraries/{name}/load|...; export --barcode: the service finds its slot), `library
// inventory --reconcile [--dry-run]` (POST /v1/libraries/{name}/reconcile), `library status`
// (GET /v1/libraries/{name}) and `library inventory` (GET /v1/libraries/{name}/inventory). Without
// --library the first configured library is the one moved, as a command run here takes it. Text,
// --json and exit codes are those of the command run here (the same printers, library.cpp).
#include "client/service_api.h"
#include "commands/commands.h"

namespace tl::cli {

namespace {
// --library, or the first configured library (NotFound when there is none).
Result<std::string> library_name(Context& ctx, client::Api& api) {
    if (ctx.args().has("library")) return ctx.args().get("library");
    auto all = api.libraries();
    if (!all) return all.error();
    if (all->empty())
        return make_error(ErrorKind::NotFound,
                          "no library is configured; add one with tapeloom-cli library add");
    return all->front().name;
}

int list(Context& ctx, client::Api& api) {
    auto all = api.libraries();
    if (!all) return ctx.fail(all.error());
    print_libraries(ctx, all.value());
    return 0;
}

// The numbers `names` of the command line, checked in that order as the command checks them.
Result<std::vector<int>> numbers(const Args& a, std::initializer_list<const char*> names) {
    std::vector<int> out;
    for (const char* n : names) {
        auto v = slot_number(a, n);
        if (!v) return v.error();
        out.push_back(v.value());
    }
    return out;
}

Result<client::CartridgeMoved> move(Context& ctx, client::Api& api, const std::string& verb,
                                    const std::string& lib) {
    const auto& a = ctx.args();
    if (verb == "load") {
        auto n = numbers(a, {"slot", "drive"});
        if (!n) return n.error();
        return api.load(lib, {n->at(0), n->at(1)});
    }
    if (verb == "unload") {
        auto n = numbers(a, {"drive"});
        if (!n) return n.error();
        client::UnloadRequest r{n->at(0), std::nullopt};
        if (a.has("slot")) {
            auto s = slot_number(a, "slot");
            if (!s) return s.error();
            r.slot = s.value();
        }
        return api.unload(lib, r);
    }
    if (verb == "transfer") {
        auto n = numbers(a, {"from", "to"});
        if (!n) return n.error();
        return api.transfer(lib, {n->at(0), n->at(1)});
    }
    if (verb == "import") {
        auto n = numbers(a, {"mail", "to"});
        if (!n) return n.error();
        return api.import_cartridge(lib, {n->at(0), n->at(1)});
    }
    if (verb == "insert") {
        auto n = numbers(a, {"mail"});
        if (!n) return n.error();
        return api.insert_cartridge(lib, {n->at(0), a.get("barcode")});
    }
    if (verb == "remove-cartridge") {
        auto n = numbers(a, {"mail"});
        if (!n) return n.error();
        return api.remove_cartridge(lib, n->at(0));
    }
    if (a.has("barcode")) {
        auto n = numbers(a, {"mail"});
        if (!n) return n.error();
        return api.export_by_barcode(lib, {a.get("barcode"), n->at(0)});
    }
    auto n = numbers(a, {"mail", "slot"});
    if (!n) return n.error();
    return api.export_cartridge(lib, {n->at(1), n->at(0)});
}

int moved(Context& ctx, client::Api& api, const std::string& verb) {
    if (verb == "export" && ctx.args().has("slot") == ctx.args().has("barcode"))
        return ctx.fail(
            make_error(ErrorKind::InvalidArgument, "library export needs --slot N or --barcode B"));
    auto lib = library_name(ctx, api);
    if (!lib) return ctx.fail(lib.error());
    auto done = move(ctx, api, verb, lib.value());
    if (!done) return ctx.fail(done.error());
    print_cartridge_moved(ctx, done.value());
    return 0;
}

int reconcile(Context& ctx, client::Api& api) {
    auto lib = library_name(ctx, api);
    if (!lib) return ctx.fail(lib.error());
    auto diffs = api.reconcile(lib.value());
    if (!diffs) return ctx.fail(diffs.error());
    print_reconcile(ctx, lib.value(), true, diffs.value());
    return 0;
}
int library_status_of(Context& ctx, client::Api& api) {
    auto lib = library_name(ctx, api);
    if (!lib) return ctx.fail(lib.error());
    auto s = api.library_status(lib.value());
    if (!s) return ctx.fail(s.error());
    print_library_status(ctx, s.value());
    return 0;
}

// `library inventory`, and with --reconcile --dry-run the differences alone (the catalog
// unchanged).
int library_inventory_of(Context& ctx, client::Api& api) {
    auto lib = library_name(ctx, api);
    if (!lib) return ctx.fail(lib.error());
    if (ctx.args().has("reconcile")) {
        auto diffs = api.differences(lib.value());
        if (!diffs) return ctx.fail(diffs.error());
        print_reconcile(ctx, lib.value(), false, diffs.value());
        return 0;
    }
    auto inv = api.library_inventory(lib.value());
    if (!inv) return ctx.fail(inv.error());
    if (ctx.args().has("dry-run"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "--dry-run goes with --reconcile"));
    print_library_inventory(ctx, inv.value());
    return 0;
}
} // namespace

std::optional<int> library_through_typed_door(Context& ctx, client::ServiceClient& c,
                                              const std::string& command) {
    const auto& a = ctx.args();
    client::ServiceApi api(c);
    if (command == "library list") return list(ctx, api);
    if (command == "library inventory" && a.has("reconcile") && !a.has("dry-run"))
        return reconcile(ctx, api);
    if (command == "library inventory") return library_inventory_of(ctx, api);
    if (command == "library status") return library_status_of(ctx, api);
    for (const char* verb :
         {"load", "unload", "transfer", "import", "export", "insert", "remove-cartridge"})
        if (command == std::string("library ") + verb) return moved(ctx, api, verb);
    return std::nullopt;
}

} // namespace tl::cli
