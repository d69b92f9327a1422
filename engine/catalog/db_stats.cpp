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

} // namespace tl::catalog
