#include "catalog/schema.h"

#include <string>
#include <vector>

#include "catalog/pg_schema.h"
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
        // 2 -> 3: a finished job's time series (per-drive rates, per-CPU utilization...), one
        // row per series with the samples packed as little-endian float32, so a job's graphs can
        // be redrawn and exported without a row per sample.
        R"sql(
CREATE TABLE job_series(
  job_id  INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  name    TEXT NOT NULL,                    -- 'time', 'drive:LTO-0', 'cpu:0', 'cpu:all', ...
  ord     INTEGER NOT NULL,                 -- display order (drives, then CPUs...)
  unit    TEXT NOT NULL,                    -- 's', 'B/s', '%', 'B'
  data    BLOB NOT NULL,
  PRIMARY KEY (job_id, name)
) WITHOUT ROWID;
)sql",
        // Media management (issue #8, docs/media.md): pool policies, the volume states 'blank' and
        // 'cleaning', volume locations and a per-volume state history. The volumes table is
        // rebuilt the SQLite way for its new CHECK: tape_files and extents reference it, so the
        // foreign-key checks are deferred to the commit, the rows are copied out to a temp table,
        // the table is dropped and created again under the same name (child references stay
        // textually valid) and the rows go back with their ids; the commit fails if any child row
        // lost its parent.
        R"sql(
PRAGMA defer_foreign_keys=ON;
ALTER TABLE pools ADD COLUMN purpose TEXT NOT NULL DEFAULT 'backup';
ALTER TABLE pools ADD COLUMN file_retention_days INTEGER;          -- NULL = as retention_days
ALTER TABLE pools ADD COLUMN max_jobs INTEGER NOT NULL DEFAULT 0;   -- per volume, 0 = no limit
ALTER TABLE pools ADD COLUMN max_bytes INTEGER NOT NULL DEFAULT 0;  -- per volume, 0 = no limit
ALTER TABLE pools ADD COLUMN max_use_seconds INTEGER NOT NULL DEFAULT 0; -- from first write
ALTER TABLE pools ADD COLUMN recycle TEXT NOT NULL DEFAULT 'auto'
  CHECK (recycle IN ('auto','manual'));
INSERT OR IGNORE INTO pools(name, library, auto_label, retention_days, created, purpose)
  VALUES ('Scratch', NULL, 1, 0, strftime('%s','now'), 'scratch');
CREATE TEMP TABLE volumes_copy AS SELECT * FROM volumes;
DROP TABLE volumes;
CREATE TABLE volumes(
  id            INTEGER PRIMARY KEY,
  barcode       TEXT NOT NULL UNIQUE,
  uuid          BLOB,
  pool_id       INTEGER REFERENCES pools(id),
  state         TEXT NOT NULL DEFAULT 'append'
                CHECK (state IN ('blank','append','full','used','recyclable','error',
                                 'read-only','disabled','cleaning')),
  block_size    INTEGER NOT NULL,
  capacity      INTEGER NOT NULL DEFAULT 0,
  bytes         INTEGER NOT NULL DEFAULT 0,
  next_file     INTEGER NOT NULL DEFAULT 1,
  labeled       INTEGER NOT NULL,
  last_written  INTEGER,
  mounts        INTEGER NOT NULL DEFAULT 0,
  errors        INTEGER NOT NULL DEFAULT 0,
  jobs          INTEGER NOT NULL DEFAULT 0,   -- backup jobs that wrote to it since labeled
  first_written INTEGER,                      -- unix seconds of the first job since labeled
  location      TEXT NOT NULL DEFAULT 'library'
                CHECK (location IN ('library','mail','outside')),
  library       TEXT,                         -- library name while in a library or mail slot
  slot          INTEGER,                      -- home storage slot (or mail slot element)
  site          TEXT,                         -- outside: vault, off-site name...
  left_at       INTEGER                       -- outside: unix seconds it left the library
);
INSERT INTO volumes(id, barcode, uuid, pool_id, state, block_size, capacity, bytes, next_file,
                    labeled, last_written, mounts, errors, first_written)
  SELECT id, barcode, uuid, pool_id, state, block_size, capacity, bytes, next_file, labeled,
         last_written, mounts, errors, last_written FROM volumes_copy;
DROP TABLE volumes_copy;
UPDATE volumes SET jobs = (SELECT count(DISTINCT s.job_id) FROM tape_files t
                           JOIN sessions s ON s.id = t.session_id WHERE t.volume_id = volumes.id);
CREATE TABLE volume_history(
  id         INTEGER PRIMARY KEY,
  volume_id  INTEGER NOT NULL REFERENCES volumes(id) ON DELETE CASCADE,
  time       INTEGER NOT NULL,                -- unix seconds
  from_state TEXT,                            -- NULL when the volume entered the catalog
  to_state   TEXT NOT NULL,
  reason     TEXT NOT NULL
);
CREATE INDEX volume_history_volume ON volume_history(volume_id, id);
)sql",
        // Backup levels (issue #9, docs/levels.md): the ctime and inode of each entry for change
        // detection, the save set a diff/incr was compared against (its chain back to a full),
        // and deletion markers: base entries a diff/incr no longer found (no object on media).
        R"sql(
ALTER TABLE files ADD COLUMN ctime INTEGER NOT NULL DEFAULT 0;  -- nanoseconds
ALTER TABLE files ADD COLUMN inode INTEGER NOT NULL DEFAULT 0;
ALTER TABLE savesets ADD COLUMN base_id INTEGER;                -- NULL for a full
CREATE INDEX savesets_source ON savesets(source, job_id);
CREATE TABLE deletions(
  saveset_id INTEGER NOT NULL REFERENCES savesets(id) ON DELETE CASCADE,
  dir_id     INTEGER NOT NULL REFERENCES dirs(id),
  name       TEXT NOT NULL,
  kind       INTEGER NOT NULL,              -- what was there (format::ObjectKind)
  PRIMARY KEY (saveset_id, dir_id, name)
) WITHOUT ROWID;
)sql",
        // Job definitions, their schedules and the scheduler's queue (issue #9,
        // docs/schedules.md). A definition is stored as JSON (schedule/job_definition.h); the
        // queue mirrors the service's waiting and running entries so the CLI can list and
        // cancel them while `tapeloom-cli serve` runs.
        R"sql(
CREATE TABLE job_definitions(
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL UNIQUE,
  spec    TEXT NOT NULL,                    -- JSON
  created INTEGER NOT NULL,                 -- unix seconds
  updated INTEGER NOT NULL
);
CREATE TABLE schedules(
  id            INTEGER PRIMARY KEY,
  definition_id INTEGER NOT NULL REFERENCES job_definitions(id) ON DELETE CASCADE,
  rule          TEXT NOT NULL,              -- docs/schedules.md
  checked_until INTEGER NOT NULL,           -- occurrences up to here (unix s) were handled
  created       INTEGER NOT NULL
);
CREATE INDEX schedules_definition ON schedules(definition_id);
CREATE TABLE job_queue(
  id               INTEGER PRIMARY KEY,
  definition       TEXT NOT NULL,
  level            TEXT NOT NULL,
  reason           TEXT NOT NULL,           -- schedule | missed | manual | retry
  state            TEXT NOT NULL CHECK (state IN ('queued','running')),
  attempt          INTEGER NOT NULL DEFAULT 1,
  not_before       INTEGER NOT NULL,        -- unix seconds
  enqueued         INTEGER NOT NULL,
  started          INTEGER,
  cancel_requested INTEGER NOT NULL DEFAULT 0
);
)sql",
        // Catalog at scale (issue #8, docs/notes/2026-11-30..12-03-catalog-lab-notes.md
        // "Catalog at scale (issue 8)"): files_name is used by no query (name
        // searches match with GLOB/LIKE '%...%', which no index serves; lookups go through
        // files_saveset_dir), yet it cost a random B-tree insert per entry and ~30 bytes of the
        // ~170 per entry.
        R"sql(
DROP INDEX IF EXISTS files_name;
)sql",
        // Cloning (issue #8, docs/media.md "Cloning"): a copy of a save set on volumes of another
        // pool is a save set row of its own in a media session of its own (same job, its own
        // extents and tape files). clone_of names the original; such a row has kind 'copy' and
        // status 'cloning' then 'cloned', so the queries for backups, levels and browsing (which
        // ask for kind 'files' or a completed status) never mistake it for an original. Its file
        // entries are the original's: the stream offsets are the same on both copies.
        R"sql(
ALTER TABLE savesets ADD COLUMN clone_of INTEGER REFERENCES savesets(id) ON DELETE CASCADE;
CREATE INDEX savesets_clone_of ON savesets(clone_of) WHERE clone_of IS NOT NULL;
)sql",
        // Catalog at scale, size and name search (issue #8,
        // docs/notes/2026-11-30..12-03-catalog-lab-notes.md
        // "Catalog layout of schema step 9: entries, names, attrs"): a file entry
        // was ~139 bytes, a name search a scan of every entry. Names are now stored once
        // (names), the few distinct (kind, mode, uid, gid) tuples once (attrs), ctime as its
        // difference to mtime (0 for most files), and the entries are clustered by save set,
        // directory and name (WITHOUT ROWID: the key that restores, verifies, prunes and lists
        // use is the table itself, no second copy in an index). entries_name serves name
        // searches: the matching names come from the small names table, their entries in each
        // save set of a view from this index (it holds the key, so no row is read).
        // `files` stays as a view with the old columns (plus name_id), inserts and deletes
        // through it still work, so every reader of the old table keeps working unchanged.
        R"sql(
CREATE TABLE names(
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE                 -- a last path component ('' for a source root)
);
CREATE TABLE attrs(
  id   INTEGER PRIMARY KEY,
  kind INTEGER NOT NULL,                    -- format::ObjectKind
  mode INTEGER NOT NULL,
  uid  INTEGER NOT NULL,
  gid  INTEGER NOT NULL,
  UNIQUE (kind, mode, uid, gid)
);
CREATE TABLE entries(
  saveset_id  INTEGER NOT NULL REFERENCES savesets(id) ON DELETE CASCADE,
  dir_id      INTEGER NOT NULL,             -- dirs(id)
  name_id     INTEGER NOT NULL,             -- names(id)
  attr_id     INTEGER NOT NULL,             -- attrs(id)
  size        INTEGER NOT NULL,
  mtime       INTEGER NOT NULL,             -- nanoseconds
  ctime_delta INTEGER NOT NULL,             -- ctime - mtime, nanoseconds
  inode       INTEGER NOT NULL,
  hash        BLOB,                         -- XXH3-128 of the content (16 bytes)
  offset      INTEGER NOT NULL,             -- stream offset of its object header
  volume_id   INTEGER NOT NULL,             -- where that header is on media
  file_number INTEGER NOT NULL,
  block       INTEGER NOT NULL,
  flags       INTEGER NOT NULL,             -- 1 changed while read, 2 read error
  PRIMARY KEY (saveset_id, dir_id, name_id)
) WITHOUT ROWID;
CREATE INDEX entries_name ON entries(saveset_id, name_id); -- a backup inserts in its own range
INSERT OR IGNORE INTO names(name) SELECT name FROM files ORDER BY id;
INSERT OR IGNORE INTO attrs(kind, mode, uid, gid) SELECT kind, mode, uid, gid FROM files;
INSERT OR REPLACE INTO entries
  SELECT f.saveset_id, f.dir_id, n.id, a.id, f.size, f.mtime, f.ctime - f.mtime, f.inode, f.hash,
         f.offset, f.volume_id, f.file_number, f.block, f.flags
  FROM files f JOIN names n ON n.name = f.name
  JOIN attrs a ON a.kind = f.kind AND a.mode = f.mode AND a.uid = f.uid AND a.gid = f.gid
  ORDER BY f.id;
DROP TABLE files;
CREATE VIEW files(saveset_id, dir_id, name, kind, mode, uid, gid, size, mtime, hash, offset,
                  volume_id, file_number, block, flags, ctime, inode, name_id) AS
  SELECT e.saveset_id, e.dir_id, n.name, a.kind, a.mode, a.uid, a.gid, e.size, e.mtime, e.hash,
         e.offset, e.volume_id, e.file_number, e.block, e.flags, e.mtime + e.ctime_delta,
         e.inode, e.name_id
  FROM entries e JOIN names n ON n.id = e.name_id JOIN attrs a ON a.id = e.attr_id;
CREATE TRIGGER files_insert INSTEAD OF INSERT ON files BEGIN
  INSERT OR IGNORE INTO names(name) VALUES (NEW.name);
  INSERT OR IGNORE INTO attrs(kind, mode, uid, gid) VALUES (NEW.kind, NEW.mode, NEW.uid, NEW.gid);
  INSERT OR REPLACE INTO entries VALUES (
    NEW.saveset_id, NEW.dir_id, (SELECT id FROM names WHERE name = NEW.name),
    (SELECT id FROM attrs WHERE kind = NEW.kind AND mode = NEW.mode AND uid = NEW.uid
                            AND gid = NEW.gid),
    NEW.size, NEW.mtime, coalesce(NEW.ctime, NEW.mtime) - NEW.mtime, coalesce(NEW.inode, 0),
    NEW.hash, NEW.offset, NEW.volume_id, NEW.file_number, NEW.block, coalesce(NEW.flags, 0));
END;
CREATE TRIGGER files_delete INSTEAD OF DELETE ON files BEGIN
  DELETE FROM entries
  WHERE saveset_id = OLD.saveset_id AND dir_id = OLD.dir_id AND name_id = OLD.name_id;
END;
)sql",
        // A schedule's name, shown by `schedule list` and the console (issue 18): '' = none.
        R"sql(
ALTER TABLE schedules ADD COLUMN name TEXT NOT NULL DEFAULT '';
)sql",
        // Encrypted save sets (issue #20, docs/media.md "Encryption"): a pool (and a job
        // definition, in its JSON) names the algorithm and key its backups are written with;
        // a media session records the key id its chunks need ("NAME:FINGERPRINT", NULL = clear)
        // and whether its file names are sealed too. The key itself is never in the catalog.
        R"sql(
ALTER TABLE pools ADD COLUMN encryption TEXT NOT NULL DEFAULT 'none';
ALTER TABLE pools ADD COLUMN key_name TEXT;
ALTER TABLE pools ADD COLUMN encrypt_names INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sessions ADD COLUMN key_id TEXT;
ALTER TABLE sessions ADD COLUMN names_sealed INTEGER NOT NULL DEFAULT 0;
)sql",
        // Jobs running side by side (issue 15, docs/reservations.md): a job waiting for a
        // drive or a volume another job holds has status 'waiting' and says why in
        // wait_reason. The status CHECK gains 'waiting' in place (SQLite's documented
        // writable_schema procedure: the stored rows are valid under both texts); the dummy
        // table bumps the schema cookie so that other connections read the new text, RESET
        // makes this one read it. Run again on an altered text, the replace changes nothing.
        R"sql(
ALTER TABLE jobs ADD COLUMN wait_reason TEXT;
PRAGMA writable_schema=ON;
UPDATE sqlite_master SET sql=replace(sql, '''cancelled'')', '''cancelled'',''waiting'')')
  WHERE type='table' AND name='jobs';
CREATE TABLE schema_bump(x);
DROP TABLE schema_bump;
PRAGMA writable_schema=RESET;
)sql",
        // Name search that scales (issue 19, docs/catalog.md "Name search"): an FTS5 index with
        // the trigram tokenizer over the distinct names, external content (the text stays in
        // names only) with detail=none and no column sizes: per name only which trigrams it
        // holds, a few bytes, where every entry costs nothing (names are stored once). The
        // triggers keep it in step with names however a name gets there (the catalog writer, the
        // files view, scan) or goes; 'rebuild' indexes the names an older catalog already holds.
        R"sql(
CREATE VIRTUAL TABLE names_search USING fts5(name, content='names', content_rowid='id',
  tokenize='trigram', detail='none', columnsize=0);
INSERT INTO names_search(names_search) VALUES ('rebuild');
CREATE TRIGGER names_search_insert AFTER INSERT ON names BEGIN
  INSERT INTO names_search(rowid, name) VALUES (NEW.id, NEW.name);
END;
CREATE TRIGGER names_search_delete AFTER DELETE ON names BEGIN
  INSERT INTO names_search(names_search, rowid, name) VALUES ('delete', OLD.id, OLD.name);
END;
CREATE TRIGGER names_search_update AFTER UPDATE OF name ON names BEGIN
  INSERT INTO names_search(names_search, rowid, name) VALUES ('delete', OLD.id, OLD.name);
  INSERT INTO names_search(rowid, name) VALUES (NEW.id, NEW.name);
END;
)sql",
        // Clones of encrypted save sets (issue #20, docs/media.md "Cloning"): a copy made
        // sealed keeps the original's ciphertext, whose chunk key and associated data name the
        // original's session: seal_uuid is that session's UUID (NULL = the session's own).
        // A clone runs as a job of its own (docs/jobs.md), its report stored with its row: the
        // kind CHECK gains 'clone' in place, by the writable_schema procedure of the 'waiting'
        // step above (stored rows are valid under both texts; run again, nothing changes).
        R"sql(
ALTER TABLE sessions ADD COLUMN seal_uuid BLOB;
PRAGMA writable_schema=ON;
UPDATE sqlite_master SET sql=replace(sql, '''scan'')', '''scan'',''clone'')')
  WHERE type='table' AND name='jobs';
CREATE TABLE schema_bump(x);
DROP TABLE schema_bump;
PRAGMA writable_schema=RESET;
)sql",
        // The name index built when a save set ends (issue 19, docs/catalog.md "Name search",
        // docs/notes/2026-11-30..12-03-catalog-lab-notes.md
        // "SQLite at 10 M: the name index built at the save set's end"):
        // entries_name took inserts all over its save set's range with every batch, about half
        // of the writer's time at 10 M entries. SQLite cannot defer an index, so the name keys
        // become a table of their own, entry_names, which a backup's save set gets in one
        // statement, in key order, when it ends (finish_saveset); entry_names_pending lists the
        // save sets whose entries were written without them (a crash leaves them there; the next
        // open for writing fills them). Rows written through the files view get theirs at once.
        // SQLite only: PostgreSQL keeps entries_name (pg_schema.cpp). Safe to run again.
        R"sql(
CREATE TABLE IF NOT EXISTS entry_names(
  saveset_id INTEGER NOT NULL REFERENCES savesets(id) ON DELETE CASCADE,
  name_id    INTEGER NOT NULL,              -- names(id)
  dir_id     INTEGER NOT NULL,              -- dirs(id)
  PRIMARY KEY (saveset_id, name_id, dir_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entry_names_pending(
  saveset_id INTEGER PRIMARY KEY REFERENCES savesets(id) ON DELETE CASCADE
);
DELETE FROM entry_names;
INSERT INTO entry_names(saveset_id, name_id, dir_id)
  SELECT saveset_id, name_id, dir_id FROM entries ORDER BY saveset_id, name_id, dir_id;
DROP INDEX IF EXISTS entries_name;
DROP TRIGGER IF EXISTS files_insert;
CREATE TRIGGER files_insert INSTEAD OF INSERT ON files BEGIN
  INSERT OR IGNORE INTO names(name) VALUES (NEW.name);
  INSERT OR IGNORE INTO attrs(kind, mode, uid, gid) VALUES (NEW.kind, NEW.mode, NEW.uid, NEW.gid);
  INSERT OR REPLACE INTO entries VALUES (
    NEW.saveset_id, NEW.dir_id, (SELECT id FROM names WHERE name = NEW.name),
    (SELECT id FROM attrs WHERE kind = NEW.kind AND mode = NEW.mode AND uid = NEW.uid
                            AND gid = NEW.gid),
    NEW.size, NEW.mtime, coalesce(NEW.ctime, NEW.mtime) - NEW.mtime, coalesce(NEW.inode, 0),
    NEW.hash, NEW.offset, NEW.volume_id, NEW.file_number, NEW.block, coalesce(NEW.flags, 0));
  INSERT OR IGNORE INTO entry_names(saveset_id, name_id, dir_id)
    VALUES (NEW.saveset_id, (SELECT id FROM names WHERE name = NEW.name), NEW.dir_id);
END;
DROP TRIGGER IF EXISTS files_delete;
CREATE TRIGGER files_delete INSTEAD OF DELETE ON files BEGIN
  DELETE FROM entries
  WHERE saveset_id = OLD.saveset_id AND dir_id = OLD.dir_id AND name_id = OLD.name_id;
  DELETE FROM entry_names
  WHERE saveset_id = OLD.saveset_id AND name_id = OLD.name_id AND dir_id = OLD.dir_id;
END;
)sql",
        // New names indexed for the name search when a save set ends (issue 17,
        // name_search_tail.h, docs/catalog.md "Name search"): the trigger that indexed each new
        // name as it was written cost the backup's writer 2.5 times what one statement over
        // the save set's new names costs. names_search_state.upto is the highest name id the
        // index holds (every name so far: the trigger indexed them); the search reads the names
        // above it as candidates. A name leaves or changes in the index only if it is in it.
        // Names are never deleted (a deleted last id would be given again); the triggers guard
        // the index whatever a future step does. SQLite only (pg_schema.cpp leaves out the
        // names_search tables). Run again after the names_search step (which indexes every
        // name), it is right again.
        R"sql(
CREATE TABLE IF NOT EXISTS names_search_state(upto INTEGER NOT NULL);
DELETE FROM names_search_state;
INSERT INTO names_search_state SELECT coalesce(max(id), 0) FROM names;
DROP TRIGGER IF EXISTS names_search_insert;
DROP TRIGGER IF EXISTS names_search_delete;
CREATE TRIGGER names_search_delete AFTER DELETE ON names
WHEN OLD.id <= (SELECT upto FROM names_search_state) BEGIN
  INSERT INTO names_search(names_search, rowid, name) VALUES ('delete', OLD.id, OLD.name);
END;
DROP TRIGGER IF EXISTS names_search_update;
CREATE TRIGGER names_search_update AFTER UPDATE OF name ON names
WHEN OLD.id <= (SELECT upto FROM names_search_state) BEGIN
  INSERT INTO names_search(names_search, rowid, name) VALUES ('delete', OLD.id, OLD.name);
  INSERT INTO names_search(rowid, name) VALUES (NEW.id, NEW.name);
END;
)sql",
        // PostgreSQL's name keys built when a save set ends (issue 19, pg_schema.h
        // kPgEntryNameDirsSchema, docs/catalog.md "Name search"): on PostgreSQL the index
        // entries_name took inserts all over its save set's range with every batch, about half
        // of the server's work at 10 M entries. From this version a PostgreSQL catalog has
        // entry_names_pending as SQLite does and, instead of entries_name, entry_name_dirs (per
        // save set and name, the array of its directories), filled in one statement when a save
        // set ends. SQLite's schema is unchanged by this step.
        R"sql(
SELECT 1;
)sql",
        // The service's audit log (issue 38, catalog/audit_store.h, docs/api.md "Audit log"):
        // every write through the API, refused ones too: who (a uid on the socket, a token's
        // name remotely), what (method, route and the request's key arguments), when, and the
        // HTTP status it was answered with.
        R"sql(
CREATE TABLE IF NOT EXISTS audit_log(
  id      INTEGER PRIMARY KEY,
  at      INTEGER NOT NULL,            -- unix seconds
  who     TEXT NOT NULL,               -- "uid 1000", "token ops"
  method  TEXT NOT NULL,
  route   TEXT NOT NULL,               -- the request's path
  detail  TEXT NOT NULL DEFAULT '',    -- key arguments: the body's JSON, secrets left out
  status  INTEGER NOT NULL             -- the HTTP status answered
);
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log(at);
)sql",
        // Drive health (issue 39, drive_alert_store.h, docs/devices.md "TapeAlert"): the
        // TapeAlert flags each drive reported at a load, an unload or an error, with the volume
        // mounted and the job; the drives taken out of service by a critical hardware flag
        // (the reservation book grants them to no job until an operator returns them); the
        // cleaning cartridges with their uses (cleaning_store.h); each cartridge's wear
        // (volume_wear_store.h).
        R"sql(
CREATE TABLE IF NOT EXISTS drive_alerts(
  id       INTEGER PRIMARY KEY,
  drive    TEXT NOT NULL,
  volume   TEXT NOT NULL DEFAULT '',
  phase    TEXT NOT NULL,               -- load | unload | error | check
  flag     INTEGER NOT NULL,            -- 1..64
  severity TEXT NOT NULL,               -- info | warning | critical
  at       INTEGER NOT NULL,
  job_id   INTEGER
);
CREATE INDEX IF NOT EXISTS drive_alerts_drive ON drive_alerts(drive, id);
CREATE INDEX IF NOT EXISTS drive_alerts_volume ON drive_alerts(volume, id);
CREATE TABLE IF NOT EXISTS drive_service(
  drive    TEXT PRIMARY KEY,
  reason   TEXT NOT NULL,
  since    INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS volume_wear(
  barcode       TEXT PRIMARY KEY,
  mounts        INTEGER NOT NULL DEFAULT 0,
  bytes_written INTEGER NOT NULL DEFAULT 0,
  bytes_read    INTEGER NOT NULL DEFAULT 0,
  soft_errors   INTEGER NOT NULL DEFAULT 0,
  hard_errors   INTEGER NOT NULL DEFAULT 0,
  first_use     INTEGER,
  last_use      INTEGER
);
CREATE TABLE IF NOT EXISTS cleaning_cartridges(
  barcode   TEXT PRIMARY KEY,
  uses      INTEGER NOT NULL DEFAULT 0,
  max_uses  INTEGER NOT NULL,
  last_used INTEGER
);
)sql",
        // Remote clients (issue 41, docs/agent.md): the machines whose tapeloom-agent the
        // service backs up, each known by the pinned fingerprint of its certificate. A client's
        // save sets name it in their source ("client:NAME:/path").
        R"sql(
CREATE TABLE IF NOT EXISTS clients(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  address TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  version TEXT NOT NULL DEFAULT '',
  os TEXT NOT NULL DEFAULT '',
  added INTEGER NOT NULL,
  last_seen INTEGER,
  last_backup INTEGER
);
)sql",
        // Clients in the API, /metrics and the console (issue 41): whether the agent answered
        // at the last contact (NULL: never contacted) and the bytes its last backup read.
        R"sql(
ALTER TABLE clients ADD COLUMN reachable INTEGER;
ALTER TABLE clients ADD COLUMN last_backup_bytes INTEGER;
)sql",
    };
    return steps;
}
} // namespace

int schema_version() {
    return static_cast<int>(migrations().size());
}

Result<int> stored_schema_version(Db& db) {
    if (db.postgres()) return pg_stored_schema_version(db);
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
    return current;
}

Status migrate(Db& db) {
    if (db.postgres()) return pg_migrate(db);
    return migrate_sqlite_to(db, schema_version());
}

Status migrate_sqlite_to(Db& db, int version) {
    auto log = log::get("catalog");
    auto stored = stored_schema_version(db);
    if (!stored) return stored.error();
    const int current = stored.value();
    for (int v = current; v < version; ++v) {
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
