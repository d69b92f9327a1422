#include "client/savesets.h"

#include <httplib.h>

#include "common/path_json.h"

namespace tl::client {

std::string query_of(const SavesetQuery& q) {
    std::string s;
    auto add = [&s](const std::string& name, const std::string& value) {
        s += (s.empty() ? "?" : "&") + name + "=" + value;
    };
    if (q.job) add("job", std::to_string(q.job));
    if (!q.source.empty()) add("source", httplib::detail::encode_query_param(q.source));
    if (q.at) add("at", std::to_string(q.at));
    return s;
}

Result<std::vector<Saveset>> savesets_from_json(const nlohmann::json& j) {
    const auto bad = make_error(ErrorKind::Io, "the service's answer to GET /v1/savesets has no "
                                               "\"savesets\" list of {id, job, source}");
    if (!j.is_object() || !j.contains("savesets") || !j["savesets"].is_array()) return bad;
    std::vector<Saveset> out;
    for (const auto& s : j["savesets"]) {
        if (!s.is_object() || !s.contains("id") || !s["id"].is_number_integer() ||
            !s.contains("job") || !s["job"].is_number_integer() || !s.contains("source"))
            return bad;
        auto source = path_from_json(s["source"]);
        if (!source) return bad;
        out.push_back({s["id"].get<std::int64_t>(), s["job"].get<std::int64_t>(), source.value()});
    }
    return out;
}

} // namespace tl::client
