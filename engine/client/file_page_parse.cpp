#include "client/file_page_parse.h"

#include "client/json_cursor.h"
#include "common/path_json.h"
#include "job/join_path.h"

namespace tl::client {

namespace {

Error bad_page() {
    return make_error(ErrorKind::Corrupt, "GET /v1/files: the service's compact page is not "
                                          "[name, dir, size, job] rows per view");
}

// A path: a string, or {"hex": "..."} for one that is no UTF-8 (common/path_json.h).
bool read_path(JsonCursor& in, std::string& out) {
    if (!in.next_is('{')) return in.string(out);
    std::string key, hex;
    if (!in.take('{') || !in.string(key) || key != "hex" || !in.take(':') || !in.string(hex) ||
        !in.take('}'))
        return false;
    auto p = path_from_json(nlohmann::json{{"hex", hex}});
    if (!p) return false;
    out = std::move(p.value());
    return true;
}

// [name, dir, size, job]
bool read_entry(JsonCursor& in, FileEntry& e) {
    double value = 0;
    if (!in.take('[') || !read_path(in, e.name) || !in.take(',') || !in.boolean(e.dir))
        return false;
    if (!in.take(',') || !in.count(e.size) || !in.take(',') || !in.number(e.job, value))
        return false;
    while (in.more(']')) // columns a later service may add
        if (!in.skip_value()) return false;
    return !in.failed();
}

// A view: {"dir", "entries", "source"} in any order; its entries take the view's source and
// directory once the view is read.
bool read_view(JsonCursor& in, FilePage& page) {
    std::string source, dir;
    const std::size_t first = page.entries.size();
    const bool read = in.object([&](std::string_view key) {
        if (key == "source") return read_path(in, source);
        if (key == "dir") return read_path(in, dir);
        if (key != "entries") return in.skip_value();
        return in.array([&] { return read_entry(in, page.entries.emplace_back()); });
    });
    if (!read) return false;
    for (std::size_t i = first; i < page.entries.size(); ++i) {
        auto& e = page.entries[i];
        e.path = job::join_path(dir, e.name);
        e.source = source;
    }
    return true;
}

// The documented objects, from a service that does not know `compact=1`.
Result<FilePage> page_of_objects(std::string_view text) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("entries") || !j["entries"].is_array()) return bad_page();
    FilePage page;
    auto path_of = [](const nlohmann::json& o, const char* key) {
        if (!o.contains(key)) return std::string();
        auto p = path_from_json(o[key]);
        return p ? p.value() : std::string();
    };
    for (const auto& o : j["entries"])
        if (o.is_object())
            page.entries.push_back(
                FileEntry{path_of(o, "name"), path_of(o, "path"), o.value("dir", false),
                          o.value("size", std::uint64_t{0}), o.value("job", std::int64_t{0}),
                          path_of(o, "source"), o.value("mtime", 0LL)});
    if (j.contains("next") && j["next"].is_string()) page.next = j["next"].get<std::string>();
    return page;
}

} // namespace

Result<FilePage> file_page_from_text(std::string_view text) {
    JsonCursor in(text);
    FilePage page;
    bool objects = false;
    const bool read = in.object([&](std::string_view key) {
        if (key == "views") return in.array([&] { return read_view(in, page); });
        if (key == "next") return in.string_or_null(page.next);
        objects = objects || key == "entries";
        return in.skip_value();
    });
    if (!read || !in.at_end()) return bad_page();
    if (objects) return page_of_objects(text);
    return page;
}

} // namespace tl::client
