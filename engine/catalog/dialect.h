#pragma once
// The SQLite-specific pieces of the catalog's SQL, named once. Statements in the stores use
// standard SQL where it costs nothing (JOIN ... ON, CASE, coalesce, window functions, WITH);
// what SQLite spells its own way is taken from here, so a second back end (PostgreSQL) changes
// this file and the few statements that name a construct listed below, not every store.
// Kept on purpose, each in the store named: INSERT OR REPLACE (entry_writer), INSERT OR IGNORE
// (media_use_store), INDEXED BY and GLOB (entry_store, the name search), json_object and
// json_extract on stored reports (job_writer, job_store, scan_store), PRAGMA (db, db_stats,
// schema).
namespace tl::catalog::dialect {

// The current time as unix seconds, in SQL.
inline constexpr const char* kUnixNow = "strftime('%s','now')";
// A blob column as upper-case hex text, in SQL: hex(x).
inline constexpr const char* kHexFn = "hex";

} // namespace tl::catalog::dialect
