#include "service/body_fields.h"

#include "service/api_context.h"

namespace tl::service {

Status known_fields(const nlohmann::json& body, std::initializer_list<const char*> keys,
                    const std::string& route) {
    if (!body.is_object()) return invalid_request(route, "takes a JSON object");
    for (const auto& [key, value] : body.items()) {
        bool known = false;
        for (const char* k : keys)
            known = known || key == k;
        if (!known) return invalid_request(route, "has no field \"" + key + "\"");
    }
    return {};
}

Result<std::string> optional_text(const nlohmann::json& body, const char* key,
                                  const std::string& route) {
    if (!body.contains(key) || body[key].is_null()) return std::string();
    if (!body[key].is_string())
        return invalid_request(route, std::string("\"") + key + "\" takes a string");
    return body[key].get<std::string>();
}

Result<bool> optional_flag(const nlohmann::json& body, const char* key, const std::string& route) {
    if (!body.contains(key) || body[key].is_null()) return false;
    if (!body[key].is_boolean())
        return invalid_request(route, std::string("\"") + key + "\" takes true or false");
    return body[key].get<bool>();
}

void reply_job_started(httplib::Response& res, const Result<StartedJob>& started) {
    if (!started) return reply_error(res, started.error());
    const std::string url = "/v1/jobs/" + std::to_string(started->job);
    res.set_header("Location", url);
    reply_json(res, 202, {{"job", started->job}, {"url", url}});
}

} // namespace tl::service
