#pragma once
// The SQLite-specific pieces of the catalog's SQL, named once. Statements in the stores use
// standard SQL where it costs nothing (JOIN ... ON, CASE, coalesce, window functions, WITH) and
// SQLite's spelling where SQLite has its own; on PostgreSQL every statement passes through
// to_postgres() below, the one place that knows how PostgreSQL spells the same thing:
//   ? and ?N                      -> $N
//   strftime('%s','now')          -> the unix time of now()
//   hex(x)                        -> upper(encode(x, 'hex'))
//   max(a, b) / min(a, b)         -> greatest(a, b) / least(a, b)
//   INSERT OR IGNORE              -> INSERT ... ON CONFLICT DO NOTHING
//   INSERT OR REPLACE INTO t(...) -> INSERT ... ON CONFLICT (t's key) DO UPDATE (conflict_key)
//   x GLOB p                      -> x ~ tl_glob_regex(p) (a function of the PostgreSQL schema)
//   INDEXED BY i                  -> dropped (PostgreSQL's planner chooses)
//   x LIKE p                      -> x ILIKE p (SQLite's LIKE ignores ASCII case)
//   id IN (SELECT rowid FROM names_search WHERE names_search MATCH ?N)
//                                 -> ($N)::text IS NOT NULL: the FTS5 trigram prefilter of the
//                                    name search; PostgreSQL's pg_trgm GIN index on names.name
//                                    serves the exact ~ / ILIKE itself (pg_schema.cpp)
//   json_extract / json_each / json_array_length / json_object -> jsonb operators, numeric
//                                    unless the key holds text (kJsonTextKeys in dialect.cpp)
//   group_concat(x), ifnull(a, b) -> string_agg(x, ','), coalesce(a, b)
//   x IS ?                        -> x IS NOT DISTINCT FROM $N
//   BEGIN IMMEDIATE, LIMIT -1     -> BEGIN, LIMIT ALL
//   CROSS JOIN t ON ...           -> JOIN t ON ... (SQLite's join-order hint)
//   FROM (SELECT ...) unnamed     -> FROM (SELECT ...) AS tl_subN
//   PRAGMA                        -> nothing (exec) or the equivalent read (page_count: the
//                                    catalog's tables with their indexes, in 8 KiB pages)
//   the column name offset        -> "offset" (a reserved word in PostgreSQL)
// Types of the schema (INTEGER PRIMARY KEY, BLOB, WITHOUT ROWID, TEXT as TEXT COLLATE "C": byte
// order like SQLite's BINARY) are translated by
// ddl_to_postgres() when the PostgreSQL schema is made from the SQLite one (pg_schema.cpp);
// entries' REFERENCES savesets(id) ON DELETE CASCADE is left out there, two triggers keep it
// (pg_entries_check.h: a foreign key's check per row was the largest cost of a backup's COPY).
#include <string>
#include <string_view>

namespace tl::catalog::dialect {

// The current time as unix seconds, in SQL.
inline constexpr const char* kUnixNow = "strftime('%s','now')";
// A blob column as upper-case hex text, in SQL: hex(x).
inline constexpr const char* kHexFn = "hex";

// One statement (or several, for exec) in SQLite's spelling, as PostgreSQL takes it.
std::string to_postgres(std::string_view sql);

// One CREATE TABLE / INDEX / VIEW of the SQLite schema, as PostgreSQL DDL.
std::string ddl_to_postgres(std::string_view sql);

// Whether the CREATE TABLE gives the table SQLite's rowid alias `id INTEGER PRIMARY KEY`, an
// identity column on PostgreSQL. Another column's INTEGER PRIMARY KEY (entry_names_pending's
// saveset_id) is a plain key there.
bool has_id_identity(std::string_view create_table);

// The key columns INSERT OR REPLACE into `table` conflicts on ("" when not a known table).
std::string conflict_key(std::string_view table);

// "INSERT INTO t SELECT * FROM src ON CONFLICT (key) DO UPDATE SET ..." for the columns given:
// how a batch loaded with COPY into `src` replaces rows of `table` (INSERT OR REPLACE).
std::string upsert_from(std::string_view table, std::string_view columns, std::string_view src);

} // namespace tl::catalog::dialect
