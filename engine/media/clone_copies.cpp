#include "media/clone_copies.h"

#include <algorithm>

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
    std::vector<SavesetCopy> out;
    {
        auto q = db.prepare("SELECT id, session_id, clone_of IS NULL FROM savesets WHERE id=?1 "
                            "OR (clone_of=?1 AND status='cloned') ORDER BY clone_of IS NOT NULL, "
                            "id");
        if (!q) return q.error();
        q->bind(1, saveset_id);
        for (;;) {
            auto row = q->step();
            if (!row) return row.error();
            if (!row.value()) break;
            SavesetCopy c;
            c.saveset_id = q->i64(0);
            c.session_id = q->i64(1);
            c.original = q->i64(2) != 0;
            out.push_back(std::move(c));
        }
    }
    auto vq = db.prepare("SELECT v.barcode, v.state, coalesce(p.name,''), min(e.offset) "
                         "FROM extents e JOIN volumes v ON v.id=e.volume_id LEFT JOIN pools p ON "
                         "p.id=v.pool_id WHERE e.saveset_id=? GROUP BY v.id ORDER BY 4");
    if (!vq) return vq.error();
    for (auto& c : out) {
        vq->reset();
        vq->bind(1, c.saveset_id);
        for (;;) {
            auto row = vq->step();
            if (!row) return row.error();
            if (!row.value()) break;
            CopyVolume v;
            v.barcode = vq->text(0);
            v.state = vq->text(1);
            v.in_library = std::find(present.begin(), present.end(), v.barcode) != present.end();
            if (c.pool.empty()) c.pool = vq->text(2);
            c.volumes.push_back(std::move(v));
        }
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
