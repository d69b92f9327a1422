#include "catalog/volume_store.h"

#include <algorithm>

#include "catalog/store_rows.h"
#include "catalog/text_rows.h"

namespace tl::catalog {

namespace {
Result<std::int64_t> count(Db& db, const char* sql, const std::string& text) {
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, text);
    auto row = q->step();
    if (!row) return row.error();
    return row.value() ? q->i64(0) : 0;
}

} // namespace

Result<std::map<std::int64_t, VolumeCounters>> volume_counters(Db& db) {
    auto q = db.prepare("SELECT id, mounts, errors FROM volumes");
    if (!q) return q.error();
    std::map<std::int64_t, VolumeCounters> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out[q->i64(0)] = {q->i64(1), q->i64(2)};
    }
    return out;
}

Result<bool> is_labeled_volume(Db& db, const std::string& barcode) {
    auto n =
        count(db, "SELECT count(*) FROM volumes WHERE barcode = ? AND state <> 'blank'", barcode);
    if (!n) return n.error();
    return n.value() > 0;
}

Result<bool> is_in_library(Db& db, const std::string& barcode) {
    auto n = count(db, "SELECT count(*) FROM volumes WHERE barcode = ? AND location = 'library'",
                   barcode);
    if (!n) return n.error();
    return n.value() > 0;
}

Result<std::int64_t> writable_volumes_in_library(Db& db, std::int64_t pool_id) {
    auto all = usable_volumes(db, pool_id);
    if (!all) return all.error();
    return static_cast<std::int64_t>(
        std::count_if(all->begin(), all->end(), [](const UsableVolume& v) {
            return v.in_library && v.use != VolumeUse::Borrow;
        }));
}

Result<std::int64_t> scratch_volumes_in_library(Db& db, std::int64_t pool_id) {
    auto all = usable_volumes(db, pool_id);
    if (!all) return all.error();
    return static_cast<std::int64_t>(
        std::count_if(all->begin(), all->end(), [](const UsableVolume& v) {
            return v.in_library && v.use == VolumeUse::Borrow;
        }));
}

Result<std::optional<std::int64_t>> volume_block_size(Db& db, const std::string& barcode) {
    auto q = db.prepare("SELECT block_size FROM volumes WHERE barcode = ?");
    if (!q) return q.error();
    q->bind(1, barcode);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<std::int64_t>();
    return std::optional(q->i64(0));
}

Result<std::vector<std::string>> cleaning_volumes(Db& db, const std::string& library) {
    auto q = db.prepare(
        "SELECT barcode FROM volumes WHERE state = 'cleaning' AND library = ? ORDER BY barcode");
    if (!q) return q.error();
    q->bind(1, library);
    return text_rows(q.value());
}

} // namespace tl::catalog
