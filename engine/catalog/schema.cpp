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
        // 1 -> 2: pools, volumes, jobs, sessions, save sets, the positions of tape files and
        // extents, and the file entries. Paths are stored once per directory (dirs) and file
        // rows carry only the name, so an entry costs well under 100 bytes.
        R"sql(
CREATE TABLE pools(
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL UNIQUE,
  library        TEXT,                     -- library whose blank cartridges it labels, NULL = any
  auto_label     INTEGER NOT NULL DEFAULT 1,
  retention_days INTEGER NOT NULL DEFAULT 30,
  created        INTEGER NOT NULL
);
CREATE TABLE volumes(
  id           INTEGER PRIMARY KEY,
  barcode      TEXT NOT NULL UNIQUE,
  uuid         BLOB,
  pool_id      INTEGER REFERENCES pools(id),
  state        TEXT NOT NULL DEFAULT 'append'
               CHECK (state IN ('append','full','used','recyclable','error','read-only','disabled')),
  block_size   INTEGER NOT NULL,
  capacity     INTEGER NOT NULL DEFAULT 0,
  bytes        INTEGER NOT NULL DEFAULT 0,  -- bytes written on it (committed)
  next_file    INTEGER NOT NULL DEFAULT 1,  -- tape file number where the next session starts
  labeled      INTEGER NOT NULL,
  last_written INTEGER,
  mounts       INTEGER NOT NULL DEFAULT 0,
  errors       INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE jobs(
  id       INTEGER PRIMARY KEY,
  kind     TEXT NOT NULL CHECK (kind IN ('backup','restore','verify','scan')),
  name     TEXT NOT NULL DEFAULT '',
  level    TEXT NOT NULL DEFAULT 'full',
  pool_id  INTEGER REFERENCES pools(id),
  status   TEXT NOT NULL CHECK (status IN
           ('running','completed','warnings','partial','failed','cancelled')),
  pid      INTEGER,                         -- process running it (to detect a crash)
  started  INTEGER NOT NULL,                -- unix seconds
  ended    INTEGER,
  files    INTEGER NOT NULL DEFAULT 0,
  bytes    INTEGER NOT NULL DEFAULT 0,
  report   TEXT                             -- JSON job report
);
CREATE INDEX jobs_started ON jobs(started);
-- A media session: one drive's part of a job, carrying up to K interleaved streams.
CREATE TABLE sessions(
  id         INTEGER PRIMARY KEY,
  job_id     INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  uuid       BLOB NOT NULL UNIQUE,
  drive      TEXT NOT NULL,
  block_size INTEGER NOT NULL
);
CREATE INDEX sessions_job ON sessions(job_id);
-- A save set: one source stream inside a session.
CREATE TABLE savesets(
  id         INTEGER PRIMARY KEY,
  job_id     INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  stream_id  INTEGER NOT NULL,
  source     TEXT NOT NULL,                 -- as given: /path, raw:/dev/x, cmd:..., sqlite:/db
  kind       TEXT NOT NULL,
  codec      TEXT NOT NULL DEFAULT 'none',
  status     TEXT NOT NULL DEFAULT 'running',
  files      INTEGER NOT NULL DEFAULT 0,
  bytes      INTEGER NOT NULL DEFAULT 0,    -- bytes read from the source
  stored     INTEGER NOT NULL DEFAULT 0,    -- stream bytes on media (after compression)
  UNIQUE (session_id, stream_id)
);
CREATE INDEX savesets_job ON savesets(job_id);
-- Each tape file a session wrote: where it starts (logical object number from tell()).
CREATE TABLE tape_files(
  session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  volume_id   INTEGER NOT NULL REFERENCES volumes(id),
  volume_seq  INTEGER NOT NULL,             -- 0 on the first volume of the session
  file_number INTEGER NOT NULL,
  start_pos   INTEGER NOT NULL,             -- logical position of its first block
  blocks      INTEGER NOT NULL,
  first_seq   INTEGER NOT NULL,             -- session_block_seq of its first data block
  PRIMARY KEY (session_id, volume_id, file_number)
) WITHOUT ROWID;
CREATE INDEX tape_files_volume ON tape_files(volume_id, file_number);
-- Which stream bytes are in which blocks: stream offset range -> tape file and blocks.
CREATE TABLE extents(
  saveset_id  INTEGER NOT NULL REFERENCES savesets(id) ON DELETE CASCADE,
  offset      INTEGER NOT NULL,             -- stream offset of the first byte in this extent
  end_offset  INTEGER NOT NULL,             -- one past the last
  volume_id   INTEGER NOT NULL REFERENCES volumes(id),
  file_number INTEGER NOT NULL,
  first_block INTEGER NOT NULL,
  last_block  INTEGER NOT NULL,
  PRIMARY KEY (saveset_id, offset)
) WITHOUT ROWID;
CREATE TABLE dirs(
  id   INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE                 -- '' for a source root, 'a/b' below it
);
CREATE TABLE files(
  id         INTEGER PRIMARY KEY,
  saveset_id INTEGER NOT NULL REFERENCES savesets(id) ON DELETE CASCADE,
  dir_id     INTEGER NOT NULL REFERENCES dirs(id),
  name       TEXT NOT NULL,
  kind       INTEGER NOT NULL,              -- format::ObjectKind
  mode       INTEGER NOT NULL,
  uid        INTEGER NOT NULL,
  gid        INTEGER NOT NULL,
  size       INTEGER NOT NULL,
  mtime      INTEGER NOT NULL,              -- nanoseconds
  hash       BLOB,                          -- XXH3-128 of the content
  offset     INTEGER NOT NULL,              -- stream offset of its object header
  volume_id  INTEGER NOT NULL,              -- where that header is on media
  file_number INTEGER NOT NULL,
  block      INTEGER NOT NULL,
  flags      INTEGER NOT NULL DEFAULT 0     -- 1 changed while read, 2 read error
);
CREATE INDEX files_saveset_dir ON files(saveset_id, dir_id, name);
CREATE INDEX files_name ON files(name);
INSERT INTO pools(name, library, auto_label, retention_days, created)
  VALUES ('Default', NULL, 1, 30, strftime('%s','now'));
)sql",
    };
    return steps;
}
} // namespace

int schema_version() {
    return static_cast<int>(migrations().size());
}

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
                          "catalog " + db.path() + " has schema version " +
                              std::to_string(current) + ", newer than this build's " +
                              std::to_string(schema_version()) + "; use a newer tapeloom");
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
