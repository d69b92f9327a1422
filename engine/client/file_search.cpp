#include "client/file_search.h"

#include <httplib.h>

#include "common/path_json.h"

namespace tl::client {

std::string query_of(const FileSearch& s) {
    std::string q = "pattern=" + httplib::detail::encode_query_param(s.pattern) +
                    "&limit=" + std::to_string(s.limit);
    if (s.job) q += "&job=" + std::to_string(s.job);
    if (s.saveset) q += "&saveset=" + std::to_string(s.saveset);
    if (!s.source.empty()) q += "&source=" + httplib::detail::encode_query_param(s.source);
    if (s.at) q += "&at=" + std::to_string(s.at);
    if (s.changes_only) q += "&changes_only=1";
    return q;
}

Result<std::vector<FileEntry>> found_files_from_json(const nlohmann::json& j) {
    const auto bad = make_error(ErrorKind::Io, "the service's answer has no \"entries\" list of "
                                               "files");
    if (!j.is_object() || !j.contains("entries") || !j["entries"].is_array()) return bad;
    std::vector<FileEntry> out;
    for (const auto& e : j["entries"]) {
        if (!e.is_object() || !e.contains("name") || !e.contains("path") || !e.contains("source"))
            return bad;
        auto name = path_from_json(e["name"]);
        auto path = path_from_json(e["path"]);
        auto source = path_from_json(e["source"]);
        if (!name || !path || !source) return bad;
        out.push_back({name.value(), path.value(), e.value("dir", false),
                       e.value("size", std::uint64_t{0}), e.value("job", std::int64_t{0}),
                       source.value()});
    }
    return out;
}

} // namespace tl::client
