#include "catalog/saveset_store.h"

namespace tl::catalog {

Result<std::vector<std::string>> file_sources(Db& db) {
    auto q = db.prepare("SELECT DISTINCT source FROM savesets WHERE kind = 'files' ORDER BY 1");
    if (!q) return q.error();
    std::vector<std::string> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back(q->text(0));
    }
    return out;
}

} // namespace tl::catalog
