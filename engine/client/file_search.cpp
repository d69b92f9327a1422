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

namespace {
// The documented entry objects of a page or a search; false when one is not such an object.
bool add_entries(const nlohmann::json& entries, std::vector<FileEntry>& out) {
    if (!entries.is_array()) return false;
    for (const auto& e : entries) {
        if (!e.is_object() || !e.contains("name") || !e.contains("path") || !e.contains("source"))
            return false;
        auto name = path_from_json(e["name"]);
        auto path = path_from_json(e["path"]);
        auto source = path_from_json(e["source"]);
        if (!name || !path || !source) return false;
        out.push_back({name.value(), path.value(), e.value("dir", false),
                       e.value("size", std::uint64_t{0}), e.value("job", std::int64_t{0}),
                       source.value(), e.value("mtime", 0LL)});
    }
    return true;
}
} // namespace

std::string query_of(const FileListing& l) {
    std::string q = "limit=" + std::to_string(l.limit);
    if (l.job) q += "&job=" + std::to_string(l.job);
    if (l.saveset) q += "&saveset=" + std::to_string(l.saveset);
    if (!l.source.empty()) q += "&source=" + httplib::detail::encode_query_param(l.source);
    if (l.at) q += "&at=" + std::to_string(l.at);
    if (l.changes_only) q += "&changes_only=1";
    if (!l.dir.empty()) q += "&dir=" + httplib::detail::encode_query_param(l.dir);
    if (!l.after.empty()) q += "&after=" + httplib::detail::encode_query_param(l.after);
    return q;
}

Result<FilePage> file_page_from_json(const nlohmann::json& j) {
    FilePage page;
    if (!j.is_object() || !j.contains("entries") || !add_entries(j["entries"], page.entries))
        return make_error(ErrorKind::Io, "the service's answer to GET /v1/files has no "
                                         "\"entries\" list of files");
    if (j.contains("next") && j["next"].is_string()) page.next = j["next"].get<std::string>();
    return page;
}

Result<std::vector<FileEntry>> found_files_from_json(const nlohmann::json& j) {
    std::vector<FileEntry> out;
    if (!j.is_object() || !j.contains("entries") || !add_entries(j["entries"], out))
        return make_error(ErrorKind::Io, "the service's answer has no \"entries\" list of "
                                         "files");
    return out;
}

} // namespace tl::client
