#include "client/libraries.h"

#include "client/json_field.h"

namespace tl::client {

namespace {
Error bad(const char* what) {
    return make_error(ErrorKind::Io, std::string("the service's answer is no ") + what);
}

Result<media::DifferenceKind> difference_kind(const std::string& name) {
    for (auto k : {media::DifferenceKind::Moved, media::DifferenceKind::Returned,
                   media::DifferenceKind::Unknown, media::DifferenceKind::Missing})
        if (name == media::to_string(k)) return k;
    return bad("difference kind (moved, returned, unknown, missing)");
}
} // namespace

Result<std::vector<Library>> libraries_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("libraries") || !j["libraries"].is_array())
        return bad("list of libraries");
    std::vector<Library> all;
    for (const auto& l : j["libraries"]) {
        if (!l.is_object() || !l.contains("name") || !l["name"].is_string())
            return bad("library with a name");
        all.push_back({l["name"].get<std::string>(), field<std::string>(l, "kind"),
                       field<std::string>(l, "device"), field<std::int64_t>(l, "drives"), l});
    }
    return all;
}

Result<BlankLabeled> blank_labeled_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("labeled") || !j["labeled"].is_array() ||
        !j.contains("skipped") || !j["skipped"].is_array())
        return bad("report of labeled blank cartridges");
    BlankLabeled r;
    r.library = j.value("library", "");
    r.pool = j.value("pool", "");
    for (const auto& b : j["labeled"]) {
        if (!b.is_string()) return bad("list of labeled barcodes");
        r.labeled.push_back(b.get<std::string>());
    }
    for (const auto& k : j["skipped"]) {
        if (!k.is_object()) return bad("list of skipped cartridges");
        r.skipped.push_back({k.value("barcode", ""), k.value("why", "")});
    }
    return r;
}

Result<std::vector<media::Difference>> differences_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("differences") || !j["differences"].is_array())
        return bad("list of differences");
    std::vector<media::Difference> out;
    for (const auto& d : j["differences"]) {
        if (!d.is_object()) return bad("difference");
        auto kind = difference_kind(d.value("kind", ""));
        if (!kind) return kind.error();
        media::Difference diff;
        diff.kind = kind.value();
        diff.barcode = d.value("barcode", "");
        diff.catalog_says = d.value("catalog", "");
        diff.changer_says = d.value("changer", "");
        diff.action = d.value("action", "");
        out.push_back(std::move(diff));
    }
    return out;
}

} // namespace tl::client
