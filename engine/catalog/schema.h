#pragma once
// The catalog schema and its versioned migrations. A catalog is marked with SQLite's
// application_id; an older catalog is migrated in one transaction per step, a newer one is
// refused, and a database of another program is refused without being touched.
#include "catalog/db.h"

namespace tl::catalog {

constexpr int kApplicationId = 0x544C4F4D; // "TLOM"

// The version this build writes.
int schema_version();

// Brings `db` to schema_version(). Errors name the file and what to do.
Status migrate(Db& db);

// The catalog's schema version (PRAGMA user_version) after checking that it is ours: Foreign
// for another program's database, Unsupported (use a newer tapeloom) when it is newer than
// this build's. Reads only; an older version is returned for the caller to decide.
Result<int> stored_schema_version(Db& db);

} // namespace tl::catalog
