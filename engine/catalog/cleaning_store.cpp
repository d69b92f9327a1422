#include "catalog/cleaning_store.h"

namespace tl::catalog {

Result<CleaningCartridgeRow> cleaning_cartridge(Db& db, const std::string& barcode, int max_uses) {
    auto add = db.prepare("INSERT INTO cleaning_cartridges(barcode, uses, max_uses) "
                          "VALUES (?, 0, ?) ON CONFLICT(barcode) DO NOTHING");
    if (!add) return add.error();
    add->bind(1, barcode).bind(2, max_uses);
    if (auto done = add->step(); !done) return done.error();
    auto q = db.prepare("SELECT uses, max_uses, coalesce(last_used, 0) FROM cleaning_cartridges "
                        "WHERE barcode = ?");
    if (!q) return q.error();
    q->bind(1, barcode);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::Internal, "cleaning cartridge " + barcode + " vanished");
    return CleaningCartridgeRow{barcode, static_cast<int>(q->i64(0)), static_cast<int>(q->i64(1)),
                                q->i64(2)};
}

Status count_cleaning_use(Db& db, const std::string& barcode, long long now) {
    auto q = db.prepare(
        "UPDATE cleaning_cartridges SET uses = uses + 1, last_used = ? WHERE barcode = ?");
    if (!q) return q.error();
    q->bind(1, now).bind(2, barcode);
    auto done = q->step();
    if (!done) return done.error();
    return {};
}

} // namespace tl::catalog
