// Cartridge moves of a library as resources (docs/api.md "Resources"): POST
// /v1/libraries/{name}/load {"slot", "drive"}, /unload {"drive"[, "slot"]}, /transfer {"from",
// "to"} (storage slots), /import {"mail", "to"} (a mail slot, numbered from 1, into a storage
// slot) and /export {"slot" or "barcode", "mail"}. Each moves the cartridge with the library's
// changer on the request's thread, records the move in the catalog (media::record_moves, as
// `library load|unload|transfer|import|export` do) and answers {"library", "done"} once it is done.
// /reconcile {} records where the changer has every cartridge (`library inventory
// --reconcile`) and answers the differences ({"dry_run": true}: without recording them).
// /insert {"mail", "barcode"} and /remove-cartridge {"mail"} are the operator's hand at a
// virtual library's mail slot. Scope operate.
#include <functional>

#include "context/engine_catalog.h"
#include "device/cartridge_insert.h"
#include "device/changer_rules.h"
#include "device/library.h"
#include "device/virtual_changer.h"
#include "media/reconcile.h"
#include "service/api_context.h"
#include "shapes/volume_json.h"

namespace tl::service {

namespace {
using Move = std::function<Status(device::Library&, const device::Inventory&)>;

// The number `key` of the body; InvalidArgument naming it when missing or not a number.
Result<int> number(const nlohmann::json& body, const char* key, const std::string& route) {
    if (!body.is_object() || !body.contains(key) || !body[key].is_number_integer())
        return make_error(ErrorKind::InvalidArgument, route + " needs \"" + key + "\": a number");
    return body[key].get<int>();
}

Result<nlohmann::json> run_move(const ApiContext& ctx, const std::string& library, const Move& op,
                                const std::string& what) {
    auto& db = engine_catalog(ctx.engine);
    auto lib = device::open_library(db, ctx.home, library, ctx.engine.clock());
    if (!lib) return lib.error();
    auto before = lib.value()->changer().inventory();
    if (!before) return before.error();
    TL_TRY(op(*lib.value(), before.value()));
    auto after = lib.value()->changer().inventory();
    if (!after) return after.error();
    TL_TRY(media::record_moves(db, lib.value()->name(), before.value(), after.value()));
    return nlohmann::json{{"library", lib.value()->name()}, {"done", what}};
}

Result<nlohmann::json> load(const ApiContext& ctx, const std::string& lib,
                            const nlohmann::json& body, const std::string& route) {
    auto slot = number(body, "slot", route);
    if (!slot) return slot.error();
    auto drive = number(body, "drive", route);
    if (!drive) return drive.error();
    return run_move(
        ctx, lib,
        [&](device::Library& l, const device::Inventory&) {
            return l.changer().load(*slot, *drive);
        },
        "loaded slot " + std::to_string(*slot) + " into drive " + std::to_string(*drive));
}

Result<nlohmann::json> unload(const ApiContext& ctx, const std::string& lib,
                              const nlohmann::json& body, const std::string& route) {
    auto drive = number(body, "drive", route);
    if (!drive) return drive.error();
    std::optional<int> slot;
    if (body.contains("slot")) {
        auto s = number(body, "slot", route);
        if (!s) return s.error();
        slot = *s;
    }
    return run_move(
        ctx, lib,
        [&](device::Library& l, const device::Inventory&) {
            return l.changer().unload(*drive, slot);
        },
        "unloaded drive " + std::to_string(*drive));
}

Result<nlohmann::json> transfer(const ApiContext& ctx, const std::string& lib,
                                const nlohmann::json& body, const std::string& route) {
    auto from = number(body, "from", route);
    if (!from) return from.error();
    auto to = number(body, "to", route);
    if (!to) return to.error();
    return run_move(
        ctx, lib,
        [&](device::Library& l, const device::Inventory&) {
            return l.changer().transfer(*from, *to);
        },
        "moved slot " + std::to_string(*from) + " to slot " + std::to_string(*to));
}

Result<nlohmann::json> import(const ApiContext& ctx, const std::string& lib,
                              const nlohmann::json& body, const std::string& route) {
    auto mail = number(body, "mail", route);
    if (!mail) return mail.error();
    auto to = number(body, "to", route);
    if (!to) return to.error();
    return run_move(
        ctx, lib,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            auto m = device::mail_slot_element(inv, l.name(), *mail);
            if (!m) return m.error();
            return l.changer().transfer(m.value(), *to);
        },
        "imported mail slot " + std::to_string(*mail) + " to slot " + std::to_string(*to));
}

// /export {"slot", "mail"}, or {"barcode", "mail"}: the storage slot holding that cartridge
// (device::export_slot_of refuses one in a drive or a mail slot).
Result<nlohmann::json> export_cartridge(const ApiContext& ctx, const std::string& lib,
                                        const nlohmann::json& body, const std::string& route) {
    const bool by_barcode = body.is_object() && body.contains("barcode");
    if (by_barcode && (!body["barcode"].is_string() || body.contains("slot")))
        return make_error(ErrorKind::InvalidArgument,
                          route + " takes \"slot\": a number or \"barcode\": a string, not both");
    auto slot = by_barcode ? Result<int>(0) : number(body, "slot", route);
    if (!slot) return slot.error();
    auto mail = number(body, "mail", route);
    if (!mail) return mail.error();
    const std::string barcode = by_barcode ? body["barcode"].get<std::string>() : "";
    return run_move(
        ctx, lib,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            auto m = device::mail_slot_element(inv, l.name(), *mail);
            if (!m) return m.error();
            auto from = by_barcode ? device::export_slot_of(inv, l.name(), barcode) : slot;
            if (!from) return from.error();
            return l.changer().transfer(*from, m.value());
        },
        by_barcode
            ? "exported " + barcode + " to mail slot " + std::to_string(*mail)
            : "exported slot " + std::to_string(*slot) + " to mail slot " + std::to_string(*mail));
}

// /insert {"mail", "barcode"}: a cartridge from outside put into a virtual library's mail slot
// (`library insert`).
Result<nlohmann::json> insert(const ApiContext& ctx, const std::string& lib,
                              const nlohmann::json& body, const std::string& route) {
    auto mail = number(body, "mail", route);
    if (!mail) return mail.error();
    if (!body.contains("barcode") || !body["barcode"].is_string())
        return make_error(ErrorKind::InvalidArgument, route + " needs \"barcode\": a string");
    const std::string barcode = body["barcode"].get<std::string>();
    return run_move(
        ctx, lib,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            return device::insert_from_outside(engine_catalog(ctx.engine), ctx.home,
                                               ctx.engine.clock(), l, inv, *mail, barcode);
        },
        "inserted " + barcode + " into mail slot " + std::to_string(*mail));
}

// /remove-cartridge {"mail"}: the cartridge taken out of a virtual library's mail slot
// (`library remove-cartridge`).
Result<nlohmann::json> remove_cartridge(const ApiContext& ctx, const std::string& lib,
                                        const nlohmann::json& body, const std::string& route) {
    auto mail = number(body, "mail", route);
    if (!mail) return mail.error();
    return run_move(
        ctx, lib,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            auto v = device::virtual_changer_of(l);
            if (!v) return v.error();
            auto m = device::mail_slot_element(inv, l.name(), *mail);
            if (!m) return m.error();
            return v.value()->remove(m.value());
        },
        "removed the cartridge from mail slot " + std::to_string(*mail));
}

// The catalog's places of the library's cartridges set to where its changer has them (as
// `library inventory --reconcile`): {"library", "updated": true, "differences": [...]}; with
// {"dry_run": true} the differences alone, the catalog unchanged ("updated": false).
Result<nlohmann::json> reconcile(const ApiContext& ctx, const std::string& library,
                                 const nlohmann::json& body, const std::string& route) {
    const bool shaped =
        body.is_object() && (body.empty() || (body.size() == 1 && body.contains("dry_run") &&
                                              body["dry_run"].is_boolean()));
    if (!shaped)
        return make_error(ErrorKind::InvalidArgument,
                          route + " takes an empty object, or {\"dry_run\": true}");
    const bool dry_run = body.value("dry_run", false);
    auto& db = engine_catalog(ctx.engine);
    auto lib = device::open_library(db, ctx.home, library, ctx.engine.clock());
    if (!lib) return lib.error();
    auto inv = lib.value()->changer().inventory();
    if (!inv) return inv.error();
    auto diffs = media::reconcile(db, lib.value()->name(), inv.value(),
                                  to_unix_seconds(ctx.engine.clock().wall()), !dry_run);
    if (!diffs) return diffs.error();
    return nlohmann::json{{"library", lib.value()->name()},
                          {"updated", !dry_run},
                          {"differences", shapes::differences_json(diffs.value())}};
}

using Action = Result<nlohmann::json> (*)(const ApiContext&, const std::string&,
                                          const nlohmann::json&, const std::string&);

struct MoveRoute {
    const char* path;
    const char* verb;
    Action action;
};
const MoveRoute kMoveRoutes[] = {
    {"/v1/libraries/([^/]+)/load", "load", load},
    {"/v1/libraries/([^/]+)/unload", "unload", unload},
    {"/v1/libraries/([^/]+)/transfer", "transfer", transfer},
    {"/v1/libraries/([^/]+)/import", "import", import},
    {"/v1/libraries/([^/]+)/export", "export", export_cartridge},
    {"/v1/libraries/([^/]+)/reconcile", "reconcile", reconcile},
    {"/v1/libraries/([^/]+)/insert", "insert", insert},
    {"/v1/libraries/([^/]+)/remove-cartridge", "remove-cartridge", remove_cartridge},
};
} // namespace

void add_library_routes(httplib::Server& server, const ApiContext& ctx) {
    for (const auto& move : kMoveRoutes)
        server.Post(move.path, [&ctx, move](const httplib::Request& req, httplib::Response& res) {
            const std::string lib = req.matches[1];
            const auto body =
                nlohmann::json::parse(req.body.empty() ? "{}" : req.body, nullptr, false);
            auto done =
                move.action(ctx, lib, body, std::string("POST /v1/libraries/{name}/") + move.verb);
            if (!done) return reply_error(res, done.error());
            reply_json(res, 200, done.value());
        });
}

} // namespace tl::service
