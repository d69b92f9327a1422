#include "job/clone_copies.h"

#include <algorithm>

#include "catalog/clone_store.h"

namespace tl::media {

bool copy_usable(const SavesetCopy& copy) {
    if (copy.volumes.empty()) return copy.original; // nothing on media to read: nothing to lose
    return std::all_of(copy.volumes.begin(), copy.volumes.end(), [](const CopyVolume& v) {
        return v.in_library && v.state != "error" && v.state != "disabled";
    });
}

std::size_t choose_copy(const std::vector<SavesetCopy>& copies) {
    for (std::size_t i = 0; i < copies.size(); ++i)
        if (copies[i].original && copy_usable(copies[i])) return i;
    for (std::size_t i = 0; i < copies.size(); ++i)
        if (!copies[i].original && copy_usable(copies[i])) return i;
    for (std::size_t i = 0; i < copies.size(); ++i)
        if (copies[i].original) return i;
    return 0;
}

Result<std::vector<SavesetCopy>> copies_of(catalog::Db& db, std::int64_t saveset_id,
                                           const std::vector<std::string>& present) {
    auto rows = catalog::saveset_copies(db, saveset_id);
    if (!rows) return rows.error();
    std::vector<SavesetCopy> out;
    for (const auto& r : rows.value()) {
        SavesetCopy c;
        c.saveset_id = r.saveset_id;
        c.session_id = r.session_id;
        c.original = r.original;
        auto vols = catalog::saveset_volumes(db, c.saveset_id);
        if (!vols) return vols.error();
        for (const auto& row : vols.value()) {
            CopyVolume v;
            v.barcode = row.barcode;
            v.state = row.state;
            v.in_library = std::find(present.begin(), present.end(), v.barcode) != present.end();
            if (c.pool.empty()) c.pool = row.pool;
            c.volumes.push_back(std::move(v));
        }
        out.push_back(std::move(c));
    }
    return out;
}

Status assign_copies(catalog::Db& db, job::Selection& selection,
                     const std::vector<std::string>& present) {
    for (auto& s : selection.savesets) {
        auto copies = copies_of(db, s.saveset_id, present);
        if (!copies) return copies.error();
        if (copies->size() < 2) continue; // no clone: the original it is
        const auto& c = copies.value()[choose_copy(copies.value())];
        s.read_saveset_id = c.saveset_id;
        s.read_session_id = c.session_id;
    }
    return {};
}

} // namespace tl::media
