#pragma once
// The names SQLite's name search has not indexed yet (schema.cpp: names_search, the FTS5
// trigram index over the distinct names; docs/catalog.md "Name search"). New names are not
// indexed as they are written: names_search_state.upto is the highest name id the index holds,
// the search reads every name above it as a candidate, and the names above it are indexed in
// one statement when a save set ends, when the catalog is opened for writing after a crash and
// after a catalog copy. One statement over a save set's new names costs 40 % of what a
// trigger row by row cost the backup's writer (issue 17;
// docs/notes/2026-11-30..12-05-backup-restore-lab-notes.md
// "Small files: the new names indexed at the save set's end"). PostgreSQL's
// pg_trgm index has no such tail: every function here does nothing there. Functions use the
// caller's connection.
#include "catalog/db.h"

namespace tl::catalog {

// Indexes every name above names_search_state.upto and moves upto to the highest name id, in a
// savepoint of its own: on failure nothing of it stays (the names stay searchable as the tail).
Status index_new_names(Db& db);

// The same, and a failure is logged as a warning, not returned: the caller's own work (a save
// set's outcome, a crash repair) must not fail for the index, which the next call completes.
void index_new_names_or_warn(Db& db);

} // namespace tl::catalog
