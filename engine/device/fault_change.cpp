#include "device/fault_change.h"

#include <algorithm>

namespace tl::device {

namespace {
Error bad_change(const std::string& route, const std::string& message) {
    return make_error(ErrorKind::InvalidArgument, route + ": " + message);
}

Result<std::optional<bool>> optional_bool(const nlohmann::json& j, const char* key,
                                          const std::string& route) {
    if (!j.contains(key)) return std::optional<bool>();
    if (!j[key].is_boolean())
        return bad_change(route, std::string("\"") + key + "\" takes true or false");
    return std::optional<bool>(j[key].get<bool>());
}

Status read_drive(const nlohmann::json& j, FaultChange& c, const std::string& route) {
    if (j.contains("drive")) {
        if (!j["drive"].is_number_integer() || j["drive"].get<int>() < 0 ||
            j["drive"].get<int>() > 63)
            return bad_change(route, "\"drive\" takes a drive number 0..63");
        c.drive = j["drive"].get<int>();
    }
    if (j.contains("tapealert")) {
        if (!j["tapealert"].is_array()) return bad_change(route, "\"tapealert\" takes flags 1..64");
        for (const auto& f : j["tapealert"]) {
            if (!f.is_number_integer() || f.get<int>() < 1 || f.get<int>() > 64)
                return bad_change(route, "\"tapealert\" takes flags 1..64");
            c.tapealert.push_back(f.get<int>());
        }
    }
    auto offline = optional_bool(j, "offline", route);
    if (!offline) return offline.error();
    c.offline = offline.value();
    auto cleaning = optional_bool(j, "cleaning_request", route);
    if (!cleaning) return cleaning.error();
    c.cleaning_request = cleaning.value();
    if (!c.drive && (!c.tapealert.empty() || c.offline || c.cleaning_request))
        return bad_change(route, "a drive's faults need \"drive\": its number");
    return {};
}

Status read_cartridge(const nlohmann::json& j, FaultChange& c, const std::string& route) {
    if (j.contains("barcode")) {
        if (!j["barcode"].is_string() || j["barcode"].get<std::string>().empty())
            return bad_change(route, "\"barcode\" takes a cartridge's barcode");
        c.barcode = j["barcode"].get<std::string>();
    }
    auto fail = optional_bool(j, "fail_load", route);
    if (!fail) return fail.error();
    c.fail_load = fail.value();
    if (j.contains("media_error_at")) {
        const auto& m = j["media_error_at"];
        if (!m.is_null() && !m.is_number_unsigned())
            return bad_change(route, "\"media_error_at\" takes an object number or null");
        c.media_error_at = m.is_null() ? std::optional<std::uint64_t>()
                                       : std::optional<std::uint64_t>(m.get<std::uint64_t>());
    }
    if (c.barcode.empty() && (c.fail_load || c.media_error_at))
        return bad_change(route, "a cartridge's faults need \"barcode\"");
    return {};
}
} // namespace

Status apply_fault_change(FaultPlan& plan, const FaultChange& c) {
    if (c.clear) {
        plan = {};
        return {};
    }
    if (c.drive) {
        auto& d = plan.drives[*c.drive];
        d.tapealert.insert(d.tapealert.end(), c.tapealert.begin(), c.tapealert.end());
        if (c.offline) d.offline = *c.offline;
        if (c.cleaning_request) d.cleaning_request = *c.cleaning_request;
    }
    if (!c.barcode.empty()) {
        auto& k = plan.cartridges[c.barcode];
        if (c.fail_load) k.fail_load = *c.fail_load;
        if (c.media_error_at) k.media_error_at = *c.media_error_at;
    }
    return {};
}

nlohmann::json to_json(const FaultChange& c) {
    if (c.clear) return {{"clear", true}};
    nlohmann::json j = nlohmann::json::object();
    if (c.drive) {
        j["drive"] = *c.drive;
        if (!c.tapealert.empty()) j["tapealert"] = c.tapealert;
        if (c.offline) j["offline"] = *c.offline;
        if (c.cleaning_request) j["cleaning_request"] = *c.cleaning_request;
    }
    if (!c.barcode.empty()) {
        j["barcode"] = c.barcode;
        if (c.fail_load) j["fail_load"] = *c.fail_load;
        if (c.media_error_at)
            j["media_error_at"] = *c.media_error_at ? nlohmann::json(**c.media_error_at) : nullptr;
    }
    return j;
}

Result<FaultChange> fault_change_from_json(const nlohmann::json& j, const std::string& route) {
    if (!j.is_object()) return bad_change(route, "takes a JSON object");
    static const char* const kKnown[] = {
        "clear",   "drive",     "tapealert",     "offline", "cleaning_request",
        "barcode", "fail_load", "media_error_at"};
    for (const auto& [key, value] : j.items())
        if (std::find(std::begin(kKnown), std::end(kKnown), key) == std::end(kKnown))
            return bad_change(route, "has no field \"" + key + "\"");
    FaultChange c;
    auto clear = optional_bool(j, "clear", route);
    if (!clear) return clear.error();
    c.clear = clear.value().value_or(false);
    TL_TRY(read_drive(j, c, route));
    TL_TRY(read_cartridge(j, c, route));
    return c;
}

nlohmann::json fault_plan_json(const FaultPlan& p) {
    return nlohmann::json::parse(to_json_text(p));
}

} // namespace tl::device
