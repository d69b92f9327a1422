#include "catalog/pg_entries_check.h"

#include <string>
#include <vector>

namespace tl::catalog {

namespace {
constexpr const char* kSql = R"sql(
CREATE OR REPLACE FUNCTION entries_saveset_check() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  missing bigint;
BEGIN
  SELECT n.saveset_id INTO missing
  FROM (SELECT DISTINCT saveset_id FROM new_entries) n
  LEFT JOIN LATERAL (SELECT s.id FROM savesets s WHERE s.id = n.saveset_id FOR KEY SHARE) s
    ON true
  WHERE s.id IS NULL
  LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation
      USING MESSAGE = 'entries of save set ' || missing || ', which is not in savesets';
  END IF;
  RETURN NULL;
END $f$;
CREATE OR REPLACE TRIGGER entries_saveset_check AFTER INSERT ON entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT
  EXECUTE FUNCTION entries_saveset_check();
CREATE OR REPLACE FUNCTION savesets_entries_delete() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  DELETE FROM entries WHERE saveset_id = OLD.id;
  RETURN NULL;
END $f$;
CREATE OR REPLACE TRIGGER savesets_entries_delete AFTER DELETE ON savesets
  FOR EACH ROW EXECUTE FUNCTION savesets_entries_delete();
)sql";
} // namespace

const char* pg_entries_check_sql() {
    return kSql;
}

Status pg_ensure_entries_check(Db& db) {
    auto there = db.scalar("SELECT count(*) FROM pg_trigger WHERE tgname = "
                           "'entries_saveset_check' AND tgrelid = to_regclass('entries')");
    if (!there) return there.error();
    if (there.value() > 0) return {};
    auto tx = Transaction::begin(db);
    if (!tx) return tx.error();
    auto q = db.prepare("SELECT conname FROM pg_constraint WHERE conrelid = "
                        "to_regclass('entries') AND confrelid = to_regclass('savesets') AND "
                        "contype = 'f'");
    if (!q) return q.error();
    std::vector<std::string> keys;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        keys.push_back(q->text(0));
    }
    q->reset();
    for (const auto& key : keys)
        TL_TRY(db.exec("ALTER TABLE entries DROP CONSTRAINT IF EXISTS " + key));
    TL_TRY(db.exec(kSql));
    return tx->commit();
}

} // namespace tl::catalog
