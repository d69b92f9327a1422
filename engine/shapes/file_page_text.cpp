#include "shapes/file_page_text.h"

#include "shapes/json_text.h"

namespace tl::shapes {

// Keys in dump()'s (sorted) order: dir, job, mtime, name, path, size, source.
void FilePageText::add_object(const std::string& source, const job::BrowseEntry& e) {
    items_ += e.kind == 1 ? "{\"dir\":true,\"job\":" : "{\"dir\":false,\"job\":";
    append_json_number(items_, e.job_id);
    items_ += ",\"mtime\":";
    append_json_number(items_, static_cast<std::int64_t>(e.mtime_ns / 1'000'000'000));
    items_ += ",\"name\":";
    append_json_path(items_, e.name);
    items_ += ",\"path\":";
    append_json_path(items_, e.path);
    items_ += ",\"size\":";
    append_json_number(items_, e.size);
    items_ += ",\"source\":";
    append_json_path(items_, source);
    items_ += "},";
}

void FilePageText::add(const std::string& source, const std::string& dir,
                       const std::vector<job::BrowseEntry>& entries) {
    if (!compact_) {
        items_.reserve(items_.size() + entries.size() * (120 + source.size()));
        for (const auto& e : entries)
            add_object(source, e);
        return;
    }
    if (entries.empty()) return;
    items_.reserve(items_.size() + entries.size() * 48);
    // A view: dir, entries ([name, dir, size, job] each), source.
    items_ += "{\"dir\":";
    append_json_path(items_, dir);
    items_ += ",\"entries\":[";
    for (const auto& e : entries) {
        items_ += '[';
        append_json_path(items_, e.name);
        items_ += e.kind == 1 ? ",true," : ",false,";
        append_json_number(items_, e.size);
        items_ += ',';
        append_json_number(items_, e.job_id);
        items_ += "],";
    }
    items_.back() = ']';
    items_ += ",\"source\":";
    append_json_path(items_, source);
    items_ += "},";
}

std::string FilePageText::done(const std::optional<std::string>& next) const {
    std::string next_text = "null";
    if (next) {
        next_text.clear();
        append_json_string(next_text, *next);
    }
    // The items without their last ','.
    const std::string_view items(items_.data(), items_.empty() ? 0 : items_.size() - 1);
    std::string out;
    out.reserve(items.size() + next_text.size() + 64);
    if (!compact_) {
        out += "{\"entries\":[";
        out += items;
        out += "],\"next\":" + next_text + "}";
        return out;
    }
    out +=
        "{\"columns\":[\"name\",\"dir\",\"size\",\"job\"],\"next\":" + next_text + ",\"views\":[";
    out += items;
    out += "]}";
    return out;
}

} // namespace tl::shapes
