#include "shapes/volume_json.h"

namespace tl::shapes {

nlohmann::json volume_json(const media::VolumeRecord& v) {
    nlohmann::json loc = {{"where", media::to_string(v.location)}};
    if (v.location == media::Location::Outside) {
        loc["site"] = v.site;
        loc["left_at"] = v.left_at;
    } else {
        loc["library"] = v.library;
        loc["slot"] = v.slot ? nlohmann::json(v.slot) : nlohmann::json(nullptr);
    }
    return {{"barcode", v.barcode},
            {"pool", v.pool},
            {"state", media::to_string(v.state)},
            {"bytes", v.bytes},
            {"capacity", v.capacity},
            {"jobs", v.jobs},
            {"tape_files", v.next_file},
            {"labeled", v.labeled},
            {"first_written", v.first_written},
            {"last_written", v.last_written},
            {"encrypted", !v.encryption_keys.empty()},
            {"encryption_keys", v.encryption_keys},
            {"location", loc}};
}

nlohmann::json volume_json(const media::VolumeRecord& v,
                           const std::map<std::string, media::DrivePlace>& in_drives) {
    auto j = volume_json(v);
    if (v.location == media::Location::Library) {
        const auto d = in_drives.find(v.barcode);
        j["location"]["drive"] =
            d != in_drives.end() ? nlohmann::json(d->second.drive) : nlohmann::json(nullptr);
    }
    return j;
}

nlohmann::json differences_json(const std::vector<media::Difference>& diffs) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& d : diffs)
        arr.push_back({{"kind", media::to_string(d.kind)},
                       {"barcode", d.barcode},
                       {"catalog", d.catalog_says},
                       {"changer", d.changer_says},
                       {"action", d.action}});
    return arr;
}

} // namespace tl::shapes
