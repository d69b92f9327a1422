#include "catalog/settings_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

Result<std::optional<std::string>> get_setting(Db& db, const std::string& key) {
    auto q = db.prepare("SELECT value FROM settings WHERE key=?");
    if (!q) return q.error();
    q->bind(1, key);
    return first_row(q.value(), [](const Stmt& s) { return s.text(0); });
}

Status put_setting(Db& db, const std::string& key, const std::string& value) {
    auto q = db.prepare("INSERT INTO settings(key, value) VALUES(?, ?) "
                        "ON CONFLICT(key) DO UPDATE SET value=excluded.value");
    if (!q) return q.error();
    return q->bind(1, key).bind(2, value).run();
}

} // namespace tl::catalog
