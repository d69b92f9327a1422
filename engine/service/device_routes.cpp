// The configured devices as resources (docs/api.md "Resources", "Devices"): POST /v1/drives
// {"kind": "virtual"|"st"|"null", "name", "device", "capacity"} adds a standalone drive (201,
// Location /v1/drives/{name}, {"name", "kind", "device"} as `drive add --json`), DELETE
// /v1/drives/{name} removes one, POST /v1/drives/{name}/clean cleans a library drive with the
// library's cleaning cartridge ({"drive", "cartridge", "uses_left", "seconds"}), POST
// /v1/libraries {"kind": "virtual"|"mtx", ...} adds a library (201, {"name", "kind", "device",
// "config"} as `library add --json`) and DELETE /v1/libraries/{name} removes one (its files
// stay). A drive a running job uses is not removed (Busy names the job). Scopes: admin for the
// adds and removes, operate for a cleaning.
#include <ctime>
#include <map>

#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "job/drive_cleaning.h"
#include "metrics/live_board.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
// The running jobs' drives: drive name -> "backup 12".
std::map<std::string, std::string> drives_in_use(const std::string& home) {
    std::map<std::string, std::string> out;
    auto all = metrics::LiveBoard(home).read();
    if (!all) return out;
    for (const auto& s : all.value()) {
        if (s.ended) continue;
        for (const auto& d : s.drives)
            out[d.name] = s.kind + " " + std::to_string(s.job_id);
    }
    return out;
}

// A string field of `body` ("" when absent); InvalidArgument naming it when it is no string.
Result<std::string> device_text(const nlohmann::json& body, const char* key,
                                const std::string& route) {
    if (!body.contains(key) || body[key].is_null()) return std::string();
    if (!body[key].is_string())
        return invalid_request(route, std::string("\"") + key + "\" must be a string");
    return body[key].get<std::string>();
}

// A whole number (0 or more) of `body`, or `fallback` when absent.
template <class T>
Result<T> device_count(const nlohmann::json& body, const char* key, T fallback,
                       const std::string& route) {
    if (!body.contains(key) || body[key].is_null()) return fallback;
    if (!body[key].is_number_unsigned())
        return invalid_request(route, std::string("\"") + key + "\" must be a number, 0 or more");
    return body[key].get<T>();
}

Result<std::string> kind_of(const nlohmann::json& body, const std::string& route,
                            std::initializer_list<const char*> kinds, const std::string& usage) {
    if (!body.is_object() || !body.contains("kind") || !body["kind"].is_string())
        return invalid_request(route, "takes " + usage);
    const std::string kind = body["kind"].get<std::string>();
    for (const char* k : kinds)
        if (kind == k) return kind;
    return invalid_request(route,
                           "\"kind\" '" + kind + "' is none of those known; it takes " + usage);
}

Result<nlohmann::json> add_drive(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "POST /v1/drives";
    auto kind = kind_of(body, route, {"virtual", "st", "null"},
                        "{\"kind\": \"virtual\"|\"st\"|\"null\", \"name\", \"device\" (st: "
                        "/dev/nstN), \"capacity\" (virtual: bytes)}");
    if (!kind) return kind.error();
    auto name = device_text(body, "name", route);
    if (!name) return name.error();
    auto& db = engine_catalog(ctx.engine);
    Result<device::DriveConfig> made = make_error(ErrorKind::Internal, "no drive made");
    if (*kind == "st") {
        auto dev = device_text(body, "device", route);
        if (!dev) return dev.error();
        if (dev->empty()) return invalid_request(route, "an st drive needs \"device\": /dev/nstN");
        TL_TRY(device::require_device_node(*dev));
        made = device::add_st_drive(
            db, name->empty() ? dev->substr(dev->find_last_of('/') + 1) : *name, *dev);
    } else if (*kind == "virtual") {
        auto cap = device_count<std::uint64_t>(body, "capacity", 4ull << 30, route);
        if (!cap) return cap.error();
        made = device::add_virtual_drive(db, ctx.home, name->empty() ? "vdrive" : *name, *cap);
    } else {
        made = device::add_null_drive(db, name->empty() ? "null" : *name);
    }
    if (!made) return made.error();
    return nlohmann::json{{"name", made->name}, {"kind", made->kind}, {"device", made->device}};
}

Result<device::VirtualLibrarySpec> virtual_spec(const nlohmann::json& body,
                                                const std::string& route) {
    device::VirtualLibrarySpec spec;
    for (auto [key, field] : {std::pair{"drives", &spec.drives},
                              {"slots", &spec.storage_slots},
                              {"mail", &spec.mail}}) {
        auto n = device_count<int>(body, key, *field, route);
        if (!n) return n.error();
        *field = *n;
    }
    auto prefix = device_text(body, "prefix", route);
    if (!prefix) return prefix.error();
    spec.prefix = *prefix;
    if (body.contains("model") && !body["model"].is_null()) {
        if (!body["model"].is_object() || !body["model"].contains("type"))
            return invalid_request(route, "\"model\" takes {\"type\": \"lto8\"|\"lto9\", "
                                          "\"time_scale\", \"rate_scale\", \"buffer\"}");
        spec.model = body["model"];
        spec.capacity = 0; // the type's native capacity, unless given
    }
    auto cap = device_count<std::uint64_t>(body, "capacity", spec.capacity, route);
    if (!cap) return cap.error();
    spec.capacity = *cap;
    return spec;
}

Result<nlohmann::json> add_library(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "POST /v1/libraries";
    auto kind = kind_of(body, route, {"virtual", "mtx"},
                        "{\"kind\": \"virtual\"|\"mtx\", \"name\", and for virtual \"drives\", "
                        "\"slots\", \"mail\", \"capacity\", \"prefix\", \"model\"; for mtx "
                        "\"changer\": /dev/sgN and \"drive_devices\": [/dev/nstN...]}");
    if (!kind) return kind.error();
    auto name = device_text(body, "name", route);
    if (!name) return name.error();
    if (body.contains("name") && name->empty())
        return invalid_request(route, "\"name\" is empty; name the library, or leave it out for "
                                      "a name made for it");
    auto& db = engine_catalog(ctx.engine);
    Result<device::LibraryConfig> made = make_error(ErrorKind::Internal, "no library made");
    if (*kind == "virtual") {
        auto spec = virtual_spec(body, route);
        if (!spec) return spec.error();
        spec->name = *name;
        made = device::add_virtual_library(db, ctx.home, spec.value());
    } else {
        auto changer = device_text(body, "changer", route);
        if (!changer) return changer.error();
        std::vector<std::string> drives;
        if (body.contains("drive_devices")) {
            if (!body["drive_devices"].is_array())
                return invalid_request(route, "\"drive_devices\" is a list of /dev/nstN");
            for (const auto& d : body["drive_devices"]) {
                if (!d.is_string())
                    return invalid_request(route, "\"drive_devices\" is a list of /dev/nstN");
                drives.push_back(d.get<std::string>());
            }
        }
        TL_TRY(device::require_device_node(*changer));
        for (const auto& d : drives)
            TL_TRY(device::require_device_node(d));
        made = device::add_mtx_library(
            db, name->empty() ? "lib" + std::to_string(std::time(nullptr)) : *name, *changer,
            drives);
    }
    if (!made) return made.error();
    return nlohmann::json{{"name", made->name},
                          {"kind", made->kind},
                          {"device", made->device},
                          {"config", made->config}};
}

Status remove_drive(const ApiContext& ctx, const std::string& name) {
    const auto used = drives_in_use(ctx.home);
    if (auto it = used.find(name); it != used.end())
        return make_error(ErrorKind::Busy, "drive " + name + " is in use by " + it->second +
                                               "; remove it once that job ended");
    return device::remove_drive(engine_catalog(ctx.engine), name);
}

Status remove_library(const ApiContext& ctx, const std::string& name) {
    auto& db = engine_catalog(ctx.engine);
    auto members = device::list_drives(db, name);
    if (!members) return members.error();
    const auto used = drives_in_use(ctx.home);
    for (const auto& d : members.value())
        if (auto it = used.find(d.name); it != used.end())
            return make_error(ErrorKind::Busy, "library " + name + " is in use by " + it->second +
                                                   " (drive " + d.name +
                                                   "); remove it once that job ended");
    return device::remove_library(db, name);
}

void answer_added(httplib::Response& res, const Result<nlohmann::json>& made, const char* root) {
    if (!made) return reply_error(res, made.error());
    res.set_header("Location", std::string(root) + made.value()["name"].get<std::string>());
    reply_json(res, 201, made.value());
}

void answer_removed(httplib::Response& res, const Status& st, const std::string& name) {
    if (!st) return reply_error(res, st.error());
    reply_json(res, 200, {{"removed", name}});
}
} // namespace

void add_device_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/drives", [&ctx](const httplib::Request& req, httplib::Response& res) {
        answer_added(res, add_drive(ctx, request_json(req)), "/v1/drives/");
    });
    server.Delete(R"(/v1/drives/([^/]+))",
                  [&ctx](const httplib::Request& req, httplib::Response& res) {
                      const std::string name = req.matches[1];
                      answer_removed(res, remove_drive(ctx, name), name);
                  });
    server.Post(R"(/v1/drives/([^/]+)/clean)",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto done = job::clean_drive(ctx.engine, req.matches[1]);
                    if (!done) return reply_error(res, done.error());
                    reply_json(res, 200,
                               {{"drive", done->drive},
                                {"cartridge", done->cartridge},
                                {"uses_left", done->uses_left},
                                {"seconds", done->seconds}});
                });
    server.Post("/v1/libraries", [&ctx](const httplib::Request& req, httplib::Response& res) {
        answer_added(res, add_library(ctx, request_json(req)), "/v1/libraries/");
    });
    server.Delete(R"(/v1/libraries/([^/]+))",
                  [&ctx](const httplib::Request& req, httplib::Response& res) {
                      const std::string name = req.matches[1];
                      answer_removed(res, remove_library(ctx, name), name);
                  });
}

} // namespace tl::service
