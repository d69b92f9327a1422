// The upgrade of an older PostgreSQL catalog (pg_schema.h pg_upgrade): the SQLite description at
// the catalog's version and at this build's are compared; PostgreSQL derives each changed
// table's new columns and constraints from the translated CREATE TABLE in a scratch schema.
#include <algorithm>
#include <map>

#include "catalog/dialect.h"
#include "catalog/entry_names.h"
#include "catalog/pg_schema.h"
#include "catalog/pg_schema_parts.h"
#include "catalog/schema.h"
#include "common/log.h"

namespace tl::catalog {

using pg_parts::in_creation_order;
using pg_parts::schema_objects;
using pg_parts::SchemaObject;
using pg_parts::seed_rows;
using pg_parts::sqlite_at;

namespace {

constexpr const char* kScratch = "tl_upgrade";

struct Column {
    std::string type, collation, default_value;
    bool not_null = false;
};

struct Constraint {
    std::string name, definition;
};

using Objects = std::map<std::string, SchemaObject>;

Objects by_name(std::vector<SchemaObject> objects) {
    Objects out;
    for (auto& o : objects)
        out.emplace(o.name, std::move(o));
    return out;
}

// The columns of the table `qualified` (schema.table) as PostgreSQL holds them, by name.
Result<std::map<std::string, Column>> columns_of(Db& db, const std::string& qualified) {
    auto q =
        db.prepare("SELECT a.attname, format_type(a.atttypid, a.atttypmod), "
                   "coalesce((SELECT ' COLLATE ' || quote_ident(c.collname) FROM pg_collation c "
                   "WHERE c.oid = a.attcollation AND a.attcollation <> 0), ''), "
                   "coalesce(pg_get_expr(d.adbin, d.adrelid), ''), "
                   "CASE WHEN a.attnotnull THEN 1 ELSE 0 END FROM pg_attribute a "
                   "LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
                   "WHERE a.attrelid = to_regclass('" +
                   qualified + "') AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum");
    if (!q) return q.error();
    std::map<std::string, Column> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out[q->text(0)] = Column{q->text(1), q->text(2), q->text(3), q->i64(4) != 0};
    }
    return out;
}

// The table's CHECK, UNIQUE, PRIMARY KEY and REFERENCES constraints; a reference of the scratch
// table to itself is shown as one to the table of the catalog.
Result<std::vector<Constraint>> constraints_of(Db& db, const std::string& qualified) {
    auto q = db.prepare("SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                        "WHERE conrelid = to_regclass('" +
                        qualified + "') ORDER BY conname");
    if (!q) return q.error();
    std::vector<Constraint> out;
    const std::string scratch = std::string(kScratch) + ".";
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        std::string definition = q->text(1);
        for (auto p = definition.find(scratch); p != std::string::npos;
             p = definition.find(scratch))
            definition.erase(p, scratch.size());
        out.push_back({q->text(0), definition});
    }
    return out;
}

bool has_definition(const std::vector<Constraint>& all, const std::string& definition) {
    return std::any_of(all.begin(), all.end(),
                       [&](const Constraint& c) { return c.definition == definition; });
}

// The ALTER TABLE statements that give the catalog's table `name` the columns of the scratch
// table of the same name; Unsupported for a column dropped or of another type.
Result<std::vector<std::string>> column_changes(Db& db, const std::string& name) {
    auto now = columns_of(db, "public." + name);
    if (!now) return now.error();
    auto wanted = columns_of(db, std::string(kScratch) + "." + name);
    if (!wanted) return wanted.error();
    std::vector<std::string> out;
    for (const auto& [column, was] : now.value()) {
        auto it = wanted->find(column);
        if (it == wanted->end() || it->second.type != was.type)
            return make_error(ErrorKind::Unsupported,
                              "catalog " + db.name() + ": the upgrade of table " + name +
                                  " changes its column " + column +
                                  ", which PostgreSQL catalogs cannot do in place; copy the "
                                  "catalog with the tapeloom that made it (catalog migrate --to "
                                  "FILE), open that copy with this one and migrate it back");
    }
    for (const auto& [column, c] : wanted.value()) {
        auto it = now->find(column);
        const std::string alter = "ALTER TABLE public." + name;
        if (it == now->end()) {
            out.push_back(alter + " ADD COLUMN " + column + " " + c.type + c.collation +
                          (c.default_value.empty() ? "" : " DEFAULT " + c.default_value) +
                          (c.not_null ? " NOT NULL" : ""));
        } else if (it->second.not_null != c.not_null) {
            out.push_back(alter + " ALTER COLUMN " + column +
                          (c.not_null ? " SET NOT NULL" : " DROP NOT NULL"));
        }
    }
    return out;
}

// A changed table: its new definition made in the scratch schema, then its columns and
// constraints brought to it.
Status upgrade_table(Db& db, const SchemaObject& table) {
    TL_TRY(db.exec(std::string("SET LOCAL search_path TO ") + kScratch + ", public"));
    TL_TRY(db.exec(dialect::ddl_to_postgres(table.sql)));
    TL_TRY(db.exec("SET LOCAL search_path TO public"));
    auto columns = column_changes(db, table.name);
    if (!columns) return columns.error();
    for (const auto& statement : columns.value())
        TL_TRY(db.exec(statement));
    auto now = constraints_of(db, "public." + table.name);
    if (!now) return now.error();
    auto wanted = constraints_of(db, std::string(kScratch) + "." + table.name);
    if (!wanted) return wanted.error();
    for (const auto& c : now.value())
        if (!has_definition(wanted.value(), c.definition))
            TL_TRY(db.exec("ALTER TABLE public." + table.name + " DROP CONSTRAINT " + c.name));
    for (const auto& c : wanted.value())
        if (!has_definition(now.value(), c.definition))
            TL_TRY(db.exec("ALTER TABLE public." + table.name + " ADD CONSTRAINT " + c.name + " " +
                           c.definition));
    return {};
}

bool changed(const Objects& before, const SchemaObject& o) {
    auto it = before.find(o.name);
    return it == before.end() || it->second.sql != o.sql;
}

// Views and indexes that are gone or changed are dropped first (a view may read a table that
// changes), made again after the tables.
Status drop_changed(Db& db, const Objects& before, const Objects& after) {
    for (const auto* type : {"view", "index"})
        for (const auto& [name, o] : before) {
            if (o.type != type) continue;
            auto it = after.find(name);
            if (it != after.end() && it->second.sql == o.sql) continue;
            TL_TRY(db.exec(std::string("DROP ") + (o.type == "view" ? "VIEW" : "INDEX") +
                           " IF EXISTS " + name + " CASCADE"));
        }
    return {};
}

Status upgrade_tables(Db& db, Db& target_description, const Objects& before, const Objects& after) {
    std::vector<SchemaObject> tables, added;
    for (const auto& [name, o] : after)
        if (o.type == "table") tables.push_back(o);
    for (const auto& t : in_creation_order(std::move(tables))) {
        auto it = before.find(t.name);
        if (it == before.end()) {
            TL_TRY(db.exec(dialect::ddl_to_postgres(t.sql)));
            added.push_back(t);
        } else if (it->second.sql != t.sql) {
            TL_TRY(upgrade_table(db, t));
        }
    }
    for (const auto& [name, o] : before)
        if (o.type == "table" && !after.count(name))
            TL_TRY(db.exec("DROP TABLE IF EXISTS " + name + " CASCADE"));
    auto seeds = seed_rows(target_description, added);
    if (!seeds) return seeds.error();
    for (const auto& statement : seeds.value())
        TL_TRY(db.exec(statement));
    return {};
}

Status make_changed(Db& db, const Objects& before, const Objects& after) {
    for (const auto* type : {"index", "view"})
        for (const auto& [name, o] : after)
            if (o.type == type && changed(before, o))
                TL_TRY(db.exec(dialect::ddl_to_postgres(o.sql)));
    // A files view made again lost its delete trigger (CASCADE): it is made again too.
    if (after.count("files"))
        TL_TRY(db.exec("CREATE OR REPLACE TRIGGER files_delete INSTEAD OF DELETE ON files FOR "
                       "EACH ROW EXECUTE FUNCTION files_delete()"));
    return {};
}

Result<Objects> objects_at(Db& mem) {
    auto objects = schema_objects(mem);
    if (!objects) return objects.error();
    return by_name(std::move(objects.value()));
}

} // namespace

Status pg_upgrade(Db& db, int from) {
    auto old_description = sqlite_at(from);
    if (!old_description) return old_description.error();
    auto new_description = sqlite_at(schema_version());
    if (!new_description) return new_description.error();
    auto before = objects_at(old_description.value());
    if (!before) return before.error();
    auto after = objects_at(new_description.value());
    if (!after) return after.error();
    auto tx = Transaction::begin(db);
    if (!tx) return tx.error();
    TL_TRY(db.exec(std::string("CREATE SCHEMA ") + kScratch));
    TL_TRY(drop_changed(db, before.value(), after.value()));
    TL_TRY(upgrade_tables(db, new_description.value(), before.value(), after.value()));
    TL_TRY(make_changed(db, before.value(), after.value()));
    if (from < kPgEntryNameDirsSchema) { // entries_name gave way to entry_name_dirs
        TL_TRY(db.exec(pg_entry_names_sql()));
        TL_TRY(fill_all_entry_names(db));
    }
    TL_TRY(db.exec(std::string("DROP SCHEMA ") + kScratch + " CASCADE"));
    TL_TRY(db.exec("UPDATE tapeloom_schema SET version = " + std::to_string(schema_version())));
    TL_TRY(tx->commit());
    log::get("catalog")->info("catalog {} migrated from schema version {} to {}", db.name(), from,
                              schema_version());
    return {};
}

} // namespace tl::catalog
