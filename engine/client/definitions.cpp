#include "client/definitions.h"

#include "client/json_field.h"

namespace tl::client {

namespace {
Status named(const nlohmann::json& j, const char* what) {
    if (j.is_object() && j.contains("name") && j["name"].is_string()) return {};
    return make_error(ErrorKind::Io, std::string("the service's ") + what + " has no name");
}
} // namespace

Result<Schedule> schedule_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("id"))
        return make_error(ErrorKind::Io, "the service's schedule has no id");
    return Schedule{field<std::int64_t>(j, "id"), field<std::string>(j, "definition"),
                    field<std::string>(j, "rule"), field<std::string>(j, "name"),
                    field<long long>(j, "checked_until")};
}

Result<Definition> definition_from_json(const nlohmann::json& j) {
    TL_TRY(named(j, "job definition"));
    Definition d;
    d.name = j["name"].get<std::string>();
    d.pool = field<std::string>(j, "pool");
    if (j.contains("sources") && j["sources"].is_array())
        for (const auto& s : j["sources"])
            if (s.is_string()) d.sources.push_back(s.get<std::string>());
    if (j.contains("schedules") && j["schedules"].is_array())
        for (const auto& s : j["schedules"]) {
            auto one = schedule_from_json(s);
            if (!one) return one.error();
            d.schedules.push_back(std::move(one.value()));
        }
    d.document = j;
    return d;
}

Result<KeyInfo> key_from_json(const nlohmann::json& j) {
    TL_TRY(named(j, "key"));
    return KeyInfo{j["name"].get<std::string>(), field<std::string>(j, "id"),
                   field<long long>(j, "created")};
}

Result<TokenInfo> token_from_json(const nlohmann::json& j) {
    TL_TRY(named(j, "token"));
    return TokenInfo{j["name"].get<std::string>(), field<std::string>(j, "scope"),
                     field<long long>(j, "created")};
}

nlohmann::json definition_body(const schedule::JobDefinition& d) {
    auto j = schedule::to_json(d);
    j.erase("id");
    return j;
}

} // namespace tl::client
