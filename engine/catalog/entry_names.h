#pragma once
// The name keys of the name search, built when a save set ends instead of as its entries are
// written (schema.cpp, docs/catalog.md "Name search"). SQLite: table entry_names (save set, name
// id, directory id; WITHOUT ROWID, so the table is its key). PostgreSQL (from
// kPgEntryNameDirsSchema, pg_schema.h): table entry_name_dirs (save set, name id, the array of
// its directory ids), one row per name. A backup's entries go in with their save set marked
// pending (entry_names_pending, in the batch's transaction; on PostgreSQL every writer's save
// set); finish_saveset fills its keys in one statement; a save set left pending by a process that
// ended (a crash, a kill) is filled when the catalog is next opened for writing. The name search
// leaves a pending save set out. Functions use the caller's connection.
#include <cstdint>

#include "catalog/db.h"

namespace tl::catalog {

// The save set's name keys, when it is pending; nothing otherwise. In the caller's transaction
// (finish_saveset: the same as the save set's outcome).
Status fill_entry_names(Db& db, std::int64_t saveset_id);

// The same in a savepoint of its own: on failure nothing of the keys stays, and the save set
// stays pending (finish_saveset: its outcome is stored all the same).
Status fill_one(Db& db, std::int64_t saveset_id);

// Every pending save set whose job is no longer running or waiting (after
// fail_interrupted_jobs: every one) gets its name keys; returns how many. One that fails is
// logged and left pending (the next open tries again): opening the catalog does not fail.
Result<int> fill_pending_entry_names(Db& db);
// The same, for a store that deleted or scanned entries and needs only whether it worked.
Status refill_pending_entry_names(Db& db);

// Every entry's name key (a catalog copied in whole, catalog_copy.h; a PostgreSQL catalog
// upgraded to kPgEntryNameDirsSchema).
Status fill_all_entry_names(Db& db);

// PostgreSQL: the statement trigger that makes a save set pending again when some of its
// entries are deleted (CREATE OR REPLACE: running it twice is harmless).
const char* pg_entry_names_sql();

} // namespace tl::catalog
