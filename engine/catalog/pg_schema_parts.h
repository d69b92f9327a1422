#pragma once
// The pieces pg_schema.cpp makes PostgreSQL's schema from, shared with the upgrade of an older
// PostgreSQL catalog (pg_upgrade.cpp): the SQLite description at a version, its objects, their
// creation order and seeded rows, and the functions and index PostgreSQL adds.
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog::pg_parts {

struct SchemaObject {
    std::string type, name, sql; // as sqlite_master holds them
    bool pg_only = false;        // PostgreSQL's own: not in SQLite's description, no rows seeded
};

// The SQLite-only objects (FTS5 and its triggers, SQLite's name keys) left out, in
// sqlite_master's order, and PostgreSQL's own name keys (entries_name before
// kPgEntryNameDirsSchema, entry_name_dirs from it) added at the end.
Result<std::vector<SchemaObject>> schema_objects(Db& mem);
// An in-memory SQLite catalog migrated to `version`: the description at that version.
Result<Db> sqlite_at(int version);
// Tables whose referenced tables come before them (SQLite keeps a rebuilt table's new place).
std::vector<SchemaObject> in_creation_order(std::vector<SchemaObject> tables);
// INSERTs of the rows the migrations seed (pools), then each identity past its largest id.
Result<std::vector<std::string>> seed_rows(Db& mem, const std::vector<SchemaObject>& tables);
// json_valid, tl_glob_regex, the files view's delete trigger, pg_trgm and its index, and the
// version table.
const char* functions_sql();

} // namespace tl::catalog::pg_parts
