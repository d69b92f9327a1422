#include "catalog/schema.h"

#include <string>
#include <vector>

#include "common/log.h"

namespace tl::catalog {

namespace {
// Each entry takes the schema from version i to i+1. Append only; never edit a shipped step.
const std::vector<const char*>& migrations() {
    static const std::vector<const char*> steps = {
        // 0 -> 1: settings and the device configuration.
        R"sql(
CREATE TABLE settings(
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE libraries(
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL UNIQUE,
  kind    TEXT NOT NULL CHECK (kind IN ('virtual', 'mtx', 'standalone')),
  device  TEXT,                         -- changer device for mtx, directory for virtual
  config  TEXT NOT NULL DEFAULT '{}',   -- JSON: dimensions, robot delay, capacity...
  created INTEGER NOT NULL              -- unix seconds
);
CREATE TABLE drives(
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  library_id INTEGER REFERENCES libraries(id) ON DELETE CASCADE,
  element    INTEGER,                   -- drive number inside its library (0-based, as mtx)
  kind       TEXT NOT NULL CHECK (kind IN ('virtual', 'st', 'null')),
  device     TEXT,                      -- /dev/nstN for st
  config     TEXT NOT NULL DEFAULT '{}',
  created    INTEGER NOT NULL
);
CREATE INDEX drives_library ON drives(library_id);
)sql",
    };
    return steps;
}
} // namespace

int schema_version() { return static_cast<int>(migrations().size()); }

Status migrate(Db& db) {
    auto log = log::get("catalog");
    auto app = db.scalar("PRAGMA application_id");
    if (!app) return app.error();
    auto version = db.scalar("PRAGMA user_version");
    if (!version) return version.error();
    auto tables = db.scalar("SELECT count(*) FROM sqlite_master");
    if (!tables) return tables.error();

    if (app.value() != kApplicationId && tables.value() > 0)
        return make_error(ErrorKind::Foreign,
                          "catalog " + db.path() +
                              " is not a Tapeloom catalog (it is another SQLite database); "
                              "move it away or choose another --home");
    const int current = static_cast<int>(version.value());
    if (current > schema_version())
        return make_error(ErrorKind::Unsupported,
                          "catalog " + db.path() + " has schema version " + std::to_string(current) +
                              ", newer than this build's " + std::to_string(schema_version()) +
                              "; use a newer tapeloom");
    for (int v = current; v < schema_version(); ++v) {
        auto tx = Transaction::begin(db);
        if (!tx) return tx.error();
        TL_TRY(db.exec(migrations()[static_cast<std::size_t>(v)]));
        TL_TRY(db.exec("PRAGMA application_id=" + std::to_string(kApplicationId)));
        TL_TRY(db.exec("PRAGMA user_version=" + std::to_string(v + 1)));
        TL_TRY(tx->commit());
        log->info("catalog {} migrated to schema version {}", db.path(), v + 1);
    }
    return {};
}

} // namespace tl::catalog
