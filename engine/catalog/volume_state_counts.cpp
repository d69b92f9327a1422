#include "catalog/volume_state_counts.h"

namespace tl::catalog {

Result<std::map<std::string, std::int64_t>> count_volumes_by_state(Db& db) {
    std::map<std::string, std::int64_t> out;
    auto q = db.prepare("SELECT state, count(*) FROM volumes GROUP BY state");
    if (!q) return q.error();
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out[q->text(0)] = q->i64(1);
    }
    return out;
}

} // namespace tl::catalog
