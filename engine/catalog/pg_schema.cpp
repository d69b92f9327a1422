#include "catalog/pg_schema.h"

#include <algorithm>
#include <set>

#include "catalog/dialect.h"
#include "catalog/entry_names.h"
#include "catalog/pg_entries_check.h"
#include "catalog/pg_schema_parts.h"
#include "catalog/schema.h"
#include "common/log.h"

namespace tl::catalog {

namespace {

// What SQLite has built in and the catalog's statements use, the files view's delete (the
// SQLite schema's INSTEAD OF DELETE trigger; nothing inserts through the view any more) and the
// name search's index: pg_trgm's GIN index on names.name answers `name ~ regex` (GLOB) and
// `name ILIKE pattern` (LIKE) from trigrams, as FTS5's trigram table does on SQLite.
constexpr const char* kFunctions = R"sql(
CREATE FUNCTION json_valid(t text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $f$
BEGIN
  PERFORM t::jsonb;
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END $f$;
CREATE FUNCTION tl_glob_regex(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT '^' || replace(replace(regexp_replace(regexp_replace(p, '([.+^${}()|\\])', '\\\1', 'g'),
         '\[!', '[^', 'g'), '*', '.*'), '?', '.') || '$'
$f$;
CREATE FUNCTION files_delete() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  DELETE FROM entries
  WHERE saveset_id = OLD.saveset_id AND dir_id = OLD.dir_id AND name_id = OLD.name_id;
  RETURN OLD;
END $f$;
CREATE TRIGGER files_delete INSTEAD OF DELETE ON files FOR EACH ROW EXECUTE FUNCTION files_delete();
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX names_name_trgm ON names USING gin (name gin_trgm_ops);
CREATE TABLE tapeloom_schema(application BIGINT NOT NULL, version BIGINT NOT NULL);
)sql";

} // namespace

namespace pg_parts {

const char* functions_sql() {
    return kFunctions;
}

namespace {
std::set<std::string> referenced_tables(const std::string& sql, const std::string& self) {
    std::set<std::string> out;
    for (auto p = sql.find("REFERENCES "); p != std::string::npos;
         p = sql.find("REFERENCES ", p + 1)) {
        const auto b = p + 11;
        const auto e = sql.find('(', b);
        std::string t = sql.substr(b, e - b);
        t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
        if (t != self) out.insert(t);
    }
    return out;
}

} // namespace

std::vector<SchemaObject> in_creation_order(std::vector<SchemaObject> tables) {
    std::vector<SchemaObject> out;
    std::set<std::string> made;
    while (!tables.empty()) {
        auto it = std::find_if(tables.begin(), tables.end(), [&](const SchemaObject& t) {
            const auto refs = referenced_tables(t.sql, t.name);
            return std::all_of(refs.begin(), refs.end(),
                               [&](const std::string& r) { return made.count(r) > 0; });
        });
        if (it == tables.end()) it = tables.begin(); // a cycle: PostgreSQL names it
        made.insert(it->name);
        out.push_back(std::move(*it));
        tables.erase(it);
    }
    return out;
}

namespace {
std::string quoted(const std::string& v) {
    std::string out = "'";
    for (char c : v)
        out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::string identity_restart(const std::string& table) {
    return "SELECT setval(pg_get_serial_sequence('" + table +
           "', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM " + table + "), false)";
}

} // namespace

Result<std::vector<std::string>> seed_rows(Db& mem, const std::vector<SchemaObject>& tables) {
    std::vector<std::string> out;
    for (const auto& t : tables) {
        if (t.pg_only) continue;
        auto q = mem.prepare("SELECT * FROM " + t.name);
        if (!q) return q.error();
        auto cols = mem.prepare("SELECT count(*) FROM pragma_table_info('" + t.name + "')");
        if (!cols) return cols.error();
        auto has = cols->step();
        if (!has) return has.error();
        const int n = static_cast<int>(cols->i64(0));
        for (;;) {
            auto row = q->step();
            if (!row) return row.error();
            if (!row.value()) break;
            std::string values;
            for (int c = 0; c < n; ++c)
                values +=
                    (c ? ", " : "") + (q->is_null(c) ? std::string("NULL") : quoted(q->text(c)));
            out.push_back("INSERT INTO " + t.name + " VALUES (" + values + ")");
        }
        if (dialect::has_id_identity(t.sql)) out.push_back(identity_restart(t.name));
    }
    return out;
}

namespace {
// SQLite's own machinery stays behind: the FTS5 name index (a virtual table, its shadow tables
// and the triggers that feed it); PostgreSQL's name search is the pg_trgm index of kFunctions.
// So do SQLite's name keys (entry_names, a WITHOUT ROWID table): PostgreSQL keeps its own, the
// index entries_name before kPgEntryNameDirsSchema, entry_name_dirs and the same list of save
// sets waiting for them (entry_names_pending) from it.
bool sqlite_only(const SchemaObject& o, const std::vector<std::string>& virtual_tables,
                 bool name_dirs) {
    if (o.sql.rfind("CREATE VIRTUAL TABLE", 0) == 0) return true;
    if (o.name == "entry_names" || (o.name == "entry_names_pending" && !name_dirs)) return true;
    return std::any_of(virtual_tables.begin(), virtual_tables.end(),
                       [&](const std::string& v) { return o.name.rfind(v + "_", 0) == 0; });
}

// entries_name as the schema step that made it wrote it (schema.cpp): on PostgreSQL the name
// search's index up to kPgEntryNameDirsSchema, whatever later SQLite steps did with it.
constexpr const char* kEntriesNameIndex =
    "CREATE INDEX entries_name ON entries(saveset_id, name_id)";

// PostgreSQL's name keys from kPgEntryNameDirsSchema (entry_names.h): per save set and name, the
// directories holding an entry of that name, one row per name instead of one per entry (66,597
// rows for the 10 M entries of bench catalog), filled in one statement when the save set ends.
constexpr const char* kEntryNameDirs = R"sql(CREATE TABLE entry_name_dirs(
  saveset_id INTEGER NOT NULL REFERENCES savesets(id) ON DELETE CASCADE,
  name_id    INTEGER NOT NULL,
  dir_ids    BIGINT[] NOT NULL,
  PRIMARY KEY (saveset_id, name_id)
))sql";

} // namespace

Result<Db> sqlite_at(int version) {
    auto mem = Db::open(":memory:", true);
    if (!mem) return mem.error();
    TL_TRY(migrate_sqlite_to(mem.value(), version));
    return std::move(mem.value());
}

Result<std::vector<SchemaObject>> schema_objects(Db& mem) {
    auto q = mem.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND "
                         "type IN ('table', 'index', 'view') ORDER BY rowid");
    if (!q) return q.error();
    std::vector<SchemaObject> all;
    std::vector<std::string> virtual_tables;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        all.push_back({q->text(0), q->text(1), q->text(2)});
        if (all.back().sql.rfind("CREATE VIRTUAL TABLE", 0) == 0)
            virtual_tables.push_back(all.back().name);
    }
    auto version = mem.scalar("PRAGMA user_version");
    if (!version) return version.error();
    const bool name_dirs = version.value() >= kPgEntryNameDirsSchema;
    std::vector<SchemaObject> out;
    bool entries = false, entries_name = false;
    for (auto& o : all) {
        if (sqlite_only(o, virtual_tables, name_dirs)) continue;
        entries = entries || (o.type == "table" && o.name == "entries");
        entries_name = entries_name || o.name == "entries_name";
        out.push_back(std::move(o));
    }
    if (name_dirs)
        out.push_back({"table", "entry_name_dirs", kEntryNameDirs, true});
    else if (entries && !entries_name)
        out.push_back({"index", "entries_name", kEntriesNameIndex});
    return out;
}

} // namespace pg_parts

using pg_parts::identity_restart;
using pg_parts::in_creation_order;
using pg_parts::schema_objects;
using pg_parts::SchemaObject;
using pg_parts::seed_rows;
using pg_parts::sqlite_at;

Result<std::vector<std::string>> postgres_schema() {
    return postgres_schema_at(schema_version());
}

Result<std::vector<std::string>> postgres_schema_at(int version) {
    auto mem = sqlite_at(version);
    if (!mem) return mem.error();
    auto objects = schema_objects(mem.value());
    if (!objects) return objects.error();
    std::vector<SchemaObject> tables, rest;
    for (auto& o : objects.value())
        (o.type == "table" ? tables : rest).push_back(std::move(o));
    tables = in_creation_order(std::move(tables));
    std::vector<std::string> out;
    for (const auto& t : tables)
        out.push_back(dialect::ddl_to_postgres(t.sql));
    for (const auto& type : {"index", "view"})
        for (const auto& o : rest)
            if (o.type == type) out.push_back(dialect::ddl_to_postgres(o.sql));
    auto seeds = seed_rows(mem.value(), tables);
    if (!seeds) return seeds.error();
    out.insert(out.end(), seeds->begin(), seeds->end());
    return out;
}

Result<std::vector<CatalogTable>> catalog_tables() {
    auto mem = Db::open(":memory:", true);
    if (!mem) return mem.error();
    TL_TRY(migrate(mem.value()));
    auto objects = schema_objects(mem.value());
    if (!objects) return objects.error();
    std::vector<SchemaObject> tables;
    // Name keys are not copied: the copy's own are built from its entries (catalog_copy.h).
    for (auto& o : objects.value())
        if (o.type == "table" && !o.pg_only && o.name != "entry_names_pending")
            tables.push_back(std::move(o));
    std::vector<CatalogTable> out;
    for (const auto& t : in_creation_order(std::move(tables))) {
        auto q = mem->prepare("SELECT name, upper(type) FROM pragma_table_info('" + t.name +
                              "') ORDER BY cid");
        if (!q) return q.error();
        CatalogTable c{t.name, {}, {}, dialect::has_id_identity(t.sql)};
        for (;;) {
            auto row = q->step();
            if (!row) return row.error();
            if (!row.value()) break;
            c.columns.push_back(q->text(0));
            c.blob.push_back(q->text(1) == "BLOB");
        }
        out.push_back(std::move(c));
    }
    return out;
}

Status restart_identities(Db& db, const std::vector<CatalogTable>& tables) {
    if (!db.postgres()) return {};
    for (const auto& t : tables)
        if (t.identity) TL_TRY(db.scalar(identity_restart(t.name)));
    return {};
}

Result<int> pg_stored_schema_version(Db& db) {
    auto marked = db.scalar("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() "
                            "AND tablename = 'tapeloom_schema'");
    if (!marked) return marked.error();
    if (marked.value() == 0) {
        auto tables =
            db.scalar("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()");
        if (!tables) return tables.error();
        if (tables.value() > 0)
            return make_error(ErrorKind::Foreign,
                              "catalog " + db.name() +
                                  " is not a Tapeloom catalog (the database holds other "
                                  "tables); name an empty database");
        return 0;
    }
    auto app = db.scalar("SELECT application FROM tapeloom_schema");
    if (!app) return app.error();
    auto version = db.scalar("SELECT version FROM tapeloom_schema");
    if (!version) return version.error();
    if (app.value() != kApplicationId)
        return make_error(ErrorKind::Foreign, "catalog " + db.name() +
                                                  " is not a Tapeloom catalog; name another "
                                                  "database");
    const int current = static_cast<int>(version.value());
    if (current > schema_version())
        return make_error(ErrorKind::Unsupported,
                          "catalog " + db.name() + " has schema version " +
                              std::to_string(current) + ", newer than this build's " +
                              std::to_string(schema_version()) + "; use a newer tapeloom");
    return current;
}

Status pg_create_catalog(Db& db, int version) {
    auto ddl = postgres_schema_at(version);
    if (!ddl) return ddl.error();
    auto tx = Transaction::begin(db);
    if (!tx) return tx.error();
    for (const auto& statement : ddl.value())
        TL_TRY(db.exec(statement));
    TL_TRY(db.exec(kFunctions));
    TL_TRY(db.exec(pg_entries_check_sql()));
    if (version >= kPgEntryNameDirsSchema) TL_TRY(db.exec(pg_entry_names_sql()));
    TL_TRY(db.exec("INSERT INTO tapeloom_schema(application, version) VALUES (" +
                   std::to_string(kApplicationId) + ", " + std::to_string(version) + ")"));
    TL_TRY(tx->commit());
    log::get("catalog")->info("catalog {} created at schema version {}", db.name(), version);
    return {};
}

Status pg_migrate(Db& db) {
    auto stored = pg_stored_schema_version(db);
    if (!stored) return stored.error();
    if (stored.value() == 0) return pg_create_catalog(db, schema_version());
    if (stored.value() != schema_version()) TL_TRY(pg_upgrade(db, stored.value()));
    return pg_ensure_entries_check(db); // a catalog made before the triggers
}

Status pg_drop_catalog(Db& db) {
    auto stored = pg_stored_schema_version(db);
    if (!stored) return stored.error();
    auto q = db.prepare("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()");
    if (!q) return q.error();
    std::string tables;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        tables += (tables.empty() ? "" : ", ") + q->text(0);
    }
    q->reset();
    if (!tables.empty()) TL_TRY(db.exec("DROP TABLE " + tables + " CASCADE"));
    return db.exec("DROP FUNCTION IF EXISTS json_valid(text), tl_glob_regex(text), files_delete(), "
                   "entries_saveset_check(), savesets_entries_delete(), entries_names_stale()");
}

} // namespace tl::catalog
