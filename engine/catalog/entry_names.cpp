#include "catalog/entry_names.h"

#include <string>
#include <vector>

#include "catalog/savepoint.h"
#include "catalog/text_rows.h"
#include "common/log.h"

namespace tl::catalog {

namespace {
// SQLite: the save set's keys in key order: the B-tree of entry_names grows by appends (the sort
// is SQLite's; entries are clustered by directory, then name).
constexpr const char* kFill = "INSERT OR IGNORE INTO entry_names(saveset_id, name_id, dir_id) "
                              "SELECT saveset_id, name_id, dir_id FROM entries WHERE "
                              "saveset_id=?1 ORDER BY name_id, dir_id";
// PostgreSQL: one row per name, its directories aggregated by hash (in the entries' order; the
// search sorts what it finds itself). Any keys of the save set go first: a save set is pending
// again after some of its entries were deleted (the trigger below).
constexpr const char* kPgClear = "DELETE FROM entry_name_dirs WHERE saveset_id=?1";
constexpr const char* kPgFill = "INSERT INTO entry_name_dirs(saveset_id, name_id, dir_ids) "
                                "SELECT saveset_id, name_id, array_agg(dir_id) FROM entries "
                                "WHERE saveset_id=?1 GROUP BY saveset_id, name_id";

// PostgreSQL: entries deleted (a volume purged, a job's files expired) make their save set
// pending again, once per statement; the caller fills it again (fill_pending_entry_names). A
// save set deleted with them (savesets_entries_delete) is not marked: its keys went with it.
constexpr const char* kPgStaleTrigger = R"sql(
CREATE OR REPLACE FUNCTION entries_names_stale() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO entry_names_pending(saveset_id)
  SELECT DISTINCT o.saveset_id FROM old_entries o
  WHERE EXISTS (SELECT 1 FROM savesets s WHERE s.id = o.saveset_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $f$;
CREATE OR REPLACE TRIGGER entries_names_stale AFTER DELETE ON entries
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT
  EXECUTE FUNCTION entries_names_stale();
)sql";
} // namespace

const char* pg_entry_names_sql() {
    return kPgStaleTrigger;
}

// One save set's keys in a savepoint of their own: on failure nothing of them stays, and the
// save set stays pending.
Status fill_one(Db& db, std::int64_t saveset_id) {
    Savepoint sp(db, "entry_names");
    TL_TRY(fill_entry_names(db, saveset_id));
    return sp.release();
}

Status fill_entry_names(Db& db, std::int64_t saveset_id) {
    auto done = db.prepare("DELETE FROM entry_names_pending WHERE saveset_id=?1");
    if (!done) return done.error();
    TL_TRY(done->bind(1, saveset_id).run());
    if (db.changes() == 0) return {};
    if (db.postgres()) {
        auto clear = db.prepare(kPgClear);
        if (!clear) return clear.error();
        TL_TRY(clear->bind(1, saveset_id).run());
    }
    auto fill = db.prepare(db.postgres() ? kPgFill : kFill);
    if (!fill) return fill.error();
    return fill->bind(1, saveset_id).run();
}

Result<int> fill_pending_entry_names(Db& db) {
    auto q = db.prepare("SELECT p.saveset_id FROM entry_names_pending p JOIN savesets s ON "
                        "s.id=p.saveset_id JOIN jobs j ON j.id=s.job_id WHERE j.status NOT IN "
                        "('running','waiting') ORDER BY 1");
    if (!q) return q.error();
    std::vector<std::int64_t> ids;
    TL_TRY(for_each_row(q.value(), [&](const Stmt& r) { ids.push_back(r.i64(0)); }));
    int filled = 0;
    for (const auto id : ids) {
        if (auto st = fill_one(db, id); !st) {
            log::get("catalog")->warn("save set {}: its name keys are still missing ({}); the "
                                      "next open for writing tries again",
                                      id, st.error().message);
            continue;
        }
        log::get("catalog")->info("save set {}: its entries' names indexed for the name search "
                                  "(it ended without that)",
                                  id);
        ++filled;
    }
    return filled;
}

Status refill_pending_entry_names(Db& db) {
    auto filled = fill_pending_entry_names(db);
    if (!filled) return filled.error();
    return {};
}

Status fill_all_entry_names(Db& db) {
    TL_TRY(db.exec("DELETE FROM entry_names_pending"));
    if (db.postgres()) {
        TL_TRY(db.exec("DELETE FROM entry_name_dirs"));
        return db.exec("INSERT INTO entry_name_dirs(saveset_id, name_id, dir_ids) SELECT "
                       "saveset_id, name_id, array_agg(dir_id) FROM entries GROUP BY 1, 2");
    }
    return db.exec("INSERT OR IGNORE INTO entry_names(saveset_id, name_id, dir_id) SELECT "
                   "saveset_id, name_id, dir_id FROM entries ORDER BY 1, 2, 3");
}

} // namespace tl::catalog
