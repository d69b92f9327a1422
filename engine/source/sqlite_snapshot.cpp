#include "source/sqlite_snapshot.h"

#include <sqlite3.h>
#include <unistd.h>

#include "common/log.h"

namespace tl::source {

Status snapshot_sqlite(const std::string& db_path, const std::string& snapshot_path, Clock& clock,
                       int pages_per_step, int pause_ms) {
    sqlite3* src = nullptr;
    sqlite3* dst = nullptr;
    auto fail = [&](sqlite3* db, const std::string& what) {
        std::string msg =
            "SQLite database " + db_path + ": " + what + ": " + (db ? sqlite3_errmsg(db) : "?");
        sqlite3_close(src);
        sqlite3_close(dst);
        return make_error(ErrorKind::Io, msg);
    };
    if (sqlite3_open_v2(db_path.c_str(), &src, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        return fail(src, "cannot open");
    sqlite3_busy_timeout(src, 5000);
    ::unlink(snapshot_path.c_str());
    if (sqlite3_open_v2(snapshot_path.c_str(), &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                        nullptr) != SQLITE_OK)
        return fail(dst, "cannot create snapshot " + snapshot_path);
    sqlite3_backup* b = sqlite3_backup_init(dst, "main", src, "main");
    if (!b) return fail(dst, "cannot start online backup");
    int rc = SQLITE_OK;
    int steps = 0;
    do {
        rc = sqlite3_backup_step(b, pages_per_step);
        ++steps;
        if (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            clock.sleep_for(std::chrono::milliseconds(pause_ms));
    } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE) return fail(dst, "online backup failed");
    sqlite3_close(src);
    sqlite3_close(dst);
    log::get("source")->info("snapshot of {} taken in {} steps", db_path, steps);
    return {};
}

} // namespace tl::source
