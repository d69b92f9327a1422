#include "catalog/db_stats.h"

namespace tl::catalog {

Result<DbSize> checkpointed_size(Db& db) {
    TL_TRY(db.exec("PRAGMA wal_checkpoint(TRUNCATE)"));
    auto pages = db.scalar("PRAGMA page_count");
    if (!pages) return pages.error();
    auto page_size = db.scalar("PRAGMA page_size");
    if (!page_size) return page_size.error();
    return DbSize{static_cast<std::uint64_t>(pages.value()),
                  static_cast<std::uint64_t>(page_size.value())};
}

Result<std::vector<StructureSize>> structure_sizes(Db& db) {
    auto q = db.prepare("SELECT CASE WHEN name LIKE 'names\\_search\\_%' ESCAPE '\\' "
                        "THEN 'names_search' ELSE name END AS s, sum(pgsize) FROM dbstat "
                        "GROUP BY s ORDER BY 2 DESC");
    if (!q)
        return make_error(ErrorKind::Unsupported,
                          "table sizes need SQLite's dbstat table: " + q.error().message);
    std::vector<StructureSize> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back({q->text(0), static_cast<std::uint64_t>(q->i64(1))});
    }
    return out;
}

} // namespace tl::catalog
