// The rule "usable volume of pool P" of catalog/volume_store.h: one query, used by the backup's
// volume manager, the clone's check and the console's pool-shortage requests.
#include "catalog/store_rows.h"
#include "catalog/volume_store.h"

namespace tl::catalog {

namespace {
// The pool that lends its empty volumes to the others (media::kScratchPool).
constexpr const char* kScratchPool = "Scratch";
} // namespace

Result<std::vector<UsableVolume>> usable_volumes(Db& db, std::int64_t pool_id) {
    auto q = db.prepare(
        "SELECT CASE WHEN v.pool_id=?1 AND v.state='append' THEN 0 WHEN v.pool_id=?1 THEN 1 "
        "ELSE 2 END AS use, v.id, v.barcode, p.name, hex(v.uuid), v.next_file, v.block_size, "
        "v.location='library' FROM volumes v JOIN pools p ON p.id=v.pool_id "
        "WHERE (v.pool_id=?1 AND v.state IN ('append','recyclable')) OR (p.name=?2 AND "
        "p.id<>?1 AND (v.state='recyclable' OR (v.state='append' AND v.jobs=0 AND v.bytes=0))) "
        "ORDER BY use, CASE WHEN v.pool_id=?1 AND v.state='append' THEN -v.bytes ELSE "
        "coalesce(v.last_written, v.labeled) END, v.id");
    if (!q) return q.error();
    q->bind(1, pool_id).bind(2, kScratchPool);
    return collect_rows(q.value(), [](const Stmt& s) {
        UsableVolume v;
        v.use = static_cast<VolumeUse>(s.i64(0));
        v.id = s.i64(1);
        v.barcode = s.text(2);
        v.pool = s.text(3);
        v.uuid_hex = s.text(4);
        v.next_file = s.i64(5);
        v.block_size = s.i64(6);
        v.in_library = s.i64(7) != 0;
        return v;
    });
}

} // namespace tl::catalog
