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

// This build's schema as PostgreSQL statements, in an order that creates referenced tables
// first.
Result<std::vector<std::string>> postgres_schema();

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
// is, one of another version refused (Unsupported).
Status pg_migrate(Db& db);

// Drops every table and function of a Tapeloom catalog in this PostgreSQL database (the scratch
// catalog of `bench catalog`); refuses another program's database.
Status pg_drop_catalog(Db& db);

} // namespace tl::catalog
