#include "catalog/saveset_store.h"

#include "catalog/text_rows.h"

namespace tl::catalog {

Result<std::vector<std::string>> file_sources(Db& db) {
    auto q = db.prepare("SELECT DISTINCT source FROM savesets WHERE kind = 'files' ORDER BY 1");
    if (!q) return q.error();
    return text_rows(q.value());
}

} // namespace tl::catalog
