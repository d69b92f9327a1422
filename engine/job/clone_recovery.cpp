#include "job/clone_recovery.h"

#include <string>
#include <vector>

#include "catalog/clone_store.h"
#include "common/log.h"

namespace tl::media {

Result<std::int64_t> remove_interrupted_clones(catalog::Db& db) {
    auto interrupted = catalog::interrupted_copies(db);
    if (!interrupted) return interrupted.error();
    const auto& found = interrupted.value();
    if (found.empty()) return std::int64_t{0};
    auto log = log::get("job");
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    for (const auto& c : found) {
        log->warn("clone of save set {} ({}) of job {} failed: the process copying it ended "
                  "before it finished; the incomplete copy is removed (run the clone again to "
                  "copy what is missing)",
                  c.original, c.source, c.job);
        // The copy's save sets, extents and tape files go with its session (ON DELETE CASCADE).
        TL_TRY(catalog::delete_session(db, c.session));
    }
    TL_TRY(tx->commit());
    return static_cast<std::int64_t>(found.size());
}

} // namespace tl::media
