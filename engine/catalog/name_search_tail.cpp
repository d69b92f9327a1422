#include "catalog/name_search_tail.h"

#include "catalog/savepoint.h"
#include "common/log.h"

namespace tl::catalog {

Status index_new_names(Db& db) {
    if (db.postgres()) return {};
    Savepoint sp(db, "name_search_tail");
    // In id order: FTS5 appends the rowids to its segments as they come.
    TL_TRY(db.exec("INSERT INTO names_search(rowid, name) SELECT id, name FROM names "
                   "WHERE id > (SELECT upto FROM names_search_state) ORDER BY id"));
    // Written only when it moves: opening the catalog after a clean stop writes nothing.
    TL_TRY(db.exec("UPDATE names_search_state SET upto=(SELECT max(id) FROM names) "
                   "WHERE upto < (SELECT coalesce(max(id), 0) FROM names)"));
    return sp.release();
}

void index_new_names_or_warn(Db& db) {
    if (auto st = index_new_names(db); !st)
        log::get("catalog")->warn("the name search's index of new names waits for the next save "
                                  "set's end ({}); until then they are searched without it",
                                  st.error().message);
}

} // namespace tl::catalog
