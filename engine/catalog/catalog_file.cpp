#include "catalog/catalog_file.h"

#include <sqlite3.h>

#include "catalog/store_rows.h"

namespace tl::catalog {

Result<std::vector<CatalogSaveset>> catalog_savesets(Db& db) {
    auto q = db.prepare("SELECT s.id, s.source, j.started, ss.uuid FROM savesets s "
                        "JOIN jobs j ON j.id=s.job_id JOIN sessions ss ON ss.id=s.session_id "
                        "WHERE (s.kind='sqlite' AND (s.source LIKE '%/catalog.db' OR "
                        "s.source='catalog.db')) OR (s.kind='cmd' AND s.source LIKE "
                        "'cmd:pg!_dump --format=custom %' ESCAPE '!') "
                        "ORDER BY j.started DESC, s.id DESC");
    if (!q) return q.error();
    return collect_rows(q.value(), [](const Stmt& s) {
        return CatalogSaveset{s.i64(0), s.text(1), s.i64(2), s.blob(3)};
    });
}

Status checkpoint_truncate(Db& db) {
    return db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

CatalogFileProbe::CatalogFileProbe(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        open_error_ = db_ ? sqlite3_errmsg(db_) : "cannot open";
}

CatalogFileProbe::~CatalogFileProbe() {
    sqlite3_close(db_);
}

bool CatalogFileProbe::one(const char* sql, std::string& text) {
    sqlite3_stmt* s = nullptr;
    const bool ok =
        sqlite3_prepare_v2(db_, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW;
    if (ok) {
        const auto* t = sqlite3_column_text(s, 0);
        text = t ? reinterpret_cast<const char*>(t) : "";
    } else {
        text = sqlite3_errmsg(db_);
    }
    sqlite3_finalize(s);
    return ok;
}

} // namespace tl::catalog
