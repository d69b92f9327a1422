#include "media/missing_volumes.h"

#include <algorithm>

#include "media/volume_catalog.h"

namespace tl::media {

namespace {
std::string place_of(const VolumeRecord& v) {
    switch (v.location) {
    case Location::Library:
        return "in library " + v.library;
    case Location::Mail:
        return "in a mail slot of library " + v.library;
    case Location::Outside:
        return "outside the libraries" + (v.site.empty() ? std::string() : ", at " + v.site);
    }
    return "";
}
} // namespace

std::string volumes_with_places(catalog::Db& db, const std::vector<std::string>& barcodes) {
    std::string out;
    for (const auto& bc : barcodes) {
        out += out.empty() ? "" : ", ";
        out += bc;
        if (auto v = find_volume(db, bc)) out += " (" + place_of(v.value()) + ")";
    }
    return out;
}

std::string advice_for_places(catalog::Db& db, const std::vector<std::string>& barcodes,
                              const std::string& library) {
    for (const auto& bc : barcodes) {
        auto v = find_volume(db, bc);
        if (v && v->location != Location::Outside && !v->library.empty() && v->library != library)
            return "read them in the library that holds them (leave out --library, or --library " +
                   v->library + ")";
    }
    return "";
}

Status require_volumes_in(catalog::Db& db, device::Library& lib,
                          const std::vector<std::string>& barcodes, const std::string& what) {
    auto present = lib.barcodes();
    if (!present) return present.error();
    std::vector<std::string> missing;
    for (const auto& bc : barcodes)
        if (std::find(present->begin(), present->end(), bc) == present->end() &&
            std::find(missing.begin(), missing.end(), bc) == missing.end())
            missing.push_back(bc);
    if (missing.empty()) return {};
    const std::string advice = advice_for_places(db, missing, lib.name());
    return make_error(
        ErrorKind::MediaMissing,
        what + " not in library " + lib.name() + ": " + volumes_with_places(db, missing) + "; " +
            (advice.empty() ? "insert them into a mail slot and import them" : advice));
}

} // namespace tl::media
