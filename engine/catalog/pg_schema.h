#pragma once
// The catalog schema on PostgreSQL. There is one description of the schema: the SQLite
// migrations (schema.cpp). A new PostgreSQL catalog gets this build's version at once: the
// migrations run on an in-memory SQLite database, its tables, indexes and views are translated
// (dialect::ddl_to_postgres) and created in one transaction, with the rows the migrations seed
// (the Default and Scratch pools), two functions SQLite has built in and PostgreSQL lacks
// (json_valid, tl_glob_regex for GLOB) and the version row `tapeloom_schema`, which every open
// checks: a catalog of another schema version is refused, naming both versions.
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

// The schema version from which a PostgreSQL catalog keeps its name keys as SQLite does, built
// when a save set ends (entry_names_pending, and entry_name_dirs: save set, name id, the array of
// its directory ids) instead of the index entries_name (entry_names.h).
constexpr int kPgEntryNameDirsSchema = 17;

// This build's schema as PostgreSQL statements, in an order that creates referenced tables
// first; postgres_schema_at: the schema of an earlier version.
Result<std::vector<std::string>> postgres_schema();
Result<std::vector<std::string>> postgres_schema_at(int version);

// SQLite: the migrations up to `version` only (the description the PostgreSQL schema of that
// version is made from). Defined with the migrations in schema.cpp.
Status migrate_sqlite_to(Db& db, int version);

// A table of the catalog with its columns, as both back ends hold it (the SQLite-only FTS5 name
// index left out).
struct CatalogTable {
    std::string name;
    std::vector<std::string> columns;
    std::vector<bool> blob; // per column: a BLOB (BYTEA on PostgreSQL)
    bool identity = false;  // an INTEGER PRIMARY KEY id (an identity column on PostgreSQL)
};
// This build's tables, referenced tables first.
Result<std::vector<CatalogTable>> catalog_tables();

// PostgreSQL: each identity of `tables` restarts past its largest id (after rows were copied in
// with their ids). Nothing to do on SQLite.
Status restart_identities(Db& db, const std::vector<CatalogTable>& tables);

// As stored_schema_version() for a PostgreSQL catalog: 0 for an empty database.
Result<int> pg_stored_schema_version(Db& db);

// Creates the schema in an empty database; a catalog of this build's version is left as it
// is, an older one upgraded (pg_upgrade), a newer one refused (Unsupported, naming the URL
// without its password).
Status pg_migrate(Db& db);

// Creates the catalog at schema `version` in an empty database (pg_migrate: this build's; the
// tests: an older one, to upgrade).
Status pg_create_catalog(Db& db, int version);

// Brings a PostgreSQL catalog of the older schema `from` to this build's, in one transaction,
// from the same description as SQLite's migrations: the SQLite schemas at `from` and at this
// build's version are compared object by object; new tables, indexes and views are created,
// changed views and indexes made again, and a changed table gains its new columns and has its
// constraints (CHECK, UNIQUE, REFERENCES) replaced by the new definition's, which PostgreSQL
// itself derives from the translated CREATE TABLE in a scratch schema. A change it cannot make
// in place (a column dropped or of another type) is refused (Unsupported) with nothing
// changed.
Status pg_upgrade(Db& db, int from);

// Drops every table and function of a Tapeloom catalog in this PostgreSQL database (the scratch
// catalog of `bench catalog`); refuses another program's database.
Status pg_drop_catalog(Db& db);

} // namespace tl::catalog
