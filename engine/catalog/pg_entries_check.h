#pragma once
// The reference of entries to savesets on PostgreSQL, without a foreign key. A FOREIGN KEY
// checks each inserted row with a query of its own (about 3.5 µs per entry, 45 % of the server's
// work on a backup's COPY, docs/notes/2026-11-30..12-03-catalog-lab-notes.md
// "PostgreSQL inserts: the save-set check once per statement"); entries are inserted by the
// thousand. So on PostgreSQL `entries` has no
// REFERENCES (dialect::ddl_to_postgres leaves it out) and two triggers keep the same rules:
//   entries_saveset_check   AFTER INSERT ON entries, once per statement over its new rows: a
//                           save set that is not in savesets fails the statement
//                           (foreign_key_violation); the ones that are, are locked FOR KEY SHARE
//                           until the transaction ends, as the foreign key's check locks them
//   savesets_entries_delete AFTER DELETE ON savesets, per row: the save set's entries go (ON
//                           DELETE CASCADE)
// SQLite keeps its foreign key.
#include "catalog/db.h"

namespace tl::catalog {

// The functions and triggers above (CREATE OR REPLACE: running it twice is harmless).
const char* pg_entries_check_sql();

// Gives a catalog made before the triggers (entries with its foreign key) the triggers and drops
// the foreign key, in one transaction; nothing when the triggers are there. For writers.
Status pg_ensure_entries_check(Db& db);

} // namespace tl::catalog
