#include "media/clone_recovery.h"

#include <string>
#include <vector>

#include "common/log.h"

namespace tl::media {

Result<std::int64_t> remove_interrupted_clones(catalog::Db& db) {
    struct Interrupted {
        std::int64_t session = 0, job = 0, original = 0;
        std::string source;
    };
    std::vector<Interrupted> found;
    {
        auto q = db.prepare("SELECT session_id, job_id, coalesce(clone_of,0), source FROM "
                            "savesets WHERE status='cloning' ORDER BY id");
        if (!q) return q.error();
        for (;;) {
            auto row = q->step();
            if (!row) return row.error();
            if (!row.value()) break;
            found.push_back({q->i64(0), q->i64(1), q->i64(2), q->text(3)});
        }
    }
    if (found.empty()) return std::int64_t{0};
    auto log = log::get("job");
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    // The copy's save sets, extents and tape files go with its session (ON DELETE CASCADE).
    auto del = db.prepare("DELETE FROM sessions WHERE id=?");
    if (!del) return del.error();
    for (const auto& c : found) {
        log->warn("clone of save set {} ({}) of job {} failed: the process copying it ended "
                  "before it finished; the incomplete copy is removed (run the clone again to "
                  "copy what is missing)",
                  c.original, c.source, c.job);
        del->reset();
        TL_TRY(del->bind(1, c.session).run());
    }
    TL_TRY(tx->commit());
    return static_cast<std::int64_t>(found.size());
}

} // namespace tl::media
