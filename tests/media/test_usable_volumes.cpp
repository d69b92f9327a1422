#include <QtTest>

#include <string>
#include <vector>

#include "catalog/db.h"
#include "catalog/schema.h"
#include "catalog/volume_store.h"
#include "media/pool.h"
#include "temp_catalog.h"

using namespace tl;

// The one rule "usable volume of pool P" (catalog::usable_volumes, docs/catalog-stores.md):
// which volumes a backup or a clone into P may write and in which order, and the counts the
// console's "pool has no volume" request is built on.
class TestUsableVolumes : public QObject {
    Q_OBJECT

    tltest::TempCatalogs catalogs_;

    catalog::Db fresh() { return catalogs_.fresh(); }
    struct Vol {
        std::string barcode, pool, state;
        long long bytes = 0, jobs = 0, last_written = 0;
        std::string location = "library";
    };
    static void add(catalog::Db& db, const Vol& v) {
        auto q = db.prepare("INSERT INTO volumes(barcode, uuid, pool_id, state, block_size, "
                            "labeled, bytes, jobs, last_written, location, library) VALUES(?, "
                            "randomblob(16), (SELECT id FROM pools WHERE name=?), ?, 262144, 10, "
                            "?, ?, nullif(?, 0), ?, 'vlib0')");
        q->bind(1, v.barcode).bind(2, v.pool).bind(3, v.state).bind(4, v.bytes).bind(5, v.jobs);
        q->bind(6, v.last_written).bind(7, v.location);
        if (!q->run()) qFatal("insert volume %s", v.barcode.c_str());
    }
    static std::int64_t pool_id(catalog::Db& db, const std::string& name) {
        auto p = media::find_pool(db, name);
        if (!p) qFatal("%s", p.error().message.c_str());
        return p->id;
    }
    static std::vector<std::string> barcodes(const std::vector<catalog::UsableVolume>& vs) {
        std::vector<std::string> out;
        for (const auto& v : vs)
            out.push_back(v.barcode);
        return out;
    }

private Q_SLOTS:
    void ordersAppendThenRecycleThenBorrow() {
        auto db = fresh();
        QVERIFY(media::add_pool(db, "Offsite", {}, 1).ok());
        add(db, {"APP10", "Default", "append", 10, 1});
        add(db, {"APP50", "Default", "append", 50, 2});
        add(db, {"REC200", "Default", "recyclable", 70, 1, 200});
        add(db, {"REC100", "Default", "recyclable", 70, 1, 100});
        add(db, {"FULL", "Default", "full", 90, 3, 50});
        add(db, {"SCREMPTY", "Scratch", "append"});
        add(db, {"SCRDATA", "Scratch", "append", 5, 1, 40}); // holds data: not lent
        add(db, {"SCRREC", "Scratch", "recyclable", 5, 1, 5});
        add(db, {"OFFREC", "Offsite", "recyclable", 5, 1, 5}); // another pool's: never
        auto all = catalog::usable_volumes(db, pool_id(db, "Default"));
        QVERIFY2(all.ok(), all.ok() ? "" : all.error().message.c_str());
        const std::vector<std::string> want{"APP50",  "APP10",  "REC100",
                                            "REC200", "SCRREC", "SCREMPTY"};
        QCOMPARE(barcodes(all.value()), want);
        QCOMPARE(all->front().use, catalog::VolumeUse::Append);
        QCOMPARE((*all)[2].use, catalog::VolumeUse::Recycle);
        QCOMPARE(all->back().use, catalog::VolumeUse::Borrow);
        QCOMPARE(all->back().pool, std::string(media::kScratchPool));
        QCOMPARE(all->front().uuid_hex.size(), std::size_t(32));
    }
    void scratchDoesNotBorrowFromItself() {
        auto db = fresh();
        add(db, {"SCREMPTY", "Scratch", "append"});
        add(db, {"SCRREC", "Scratch", "recyclable", 5, 1, 5});
        auto all = catalog::usable_volumes(db, pool_id(db, "Scratch"));
        QVERIFY(all.ok());
        QCOMPARE(all->size(), std::size_t(2));
        for (const auto& v : all.value())
            QVERIFY(v.use != catalog::VolumeUse::Borrow);
    }
    void countsOnlyVolumesInALibrary() {
        auto db = fresh();
        const auto id = pool_id(db, "Default");
        add(db, {"APP", "Default", "append", 10, 1});
        Vol away{"AWAY", "Default", "recyclable", 5, 1, 5};
        away.location = "outside";
        add(db, away);
        add(db, {"SCR", "Scratch", "append"});
        auto own = catalog::writable_volumes_in_library(db, id);
        auto scratch = catalog::scratch_volumes_in_library(db, id);
        QVERIFY(own.ok() && scratch.ok());
        QCOMPARE(own.value(), std::int64_t(1));
        QCOMPARE(scratch.value(), std::int64_t(1));
        auto all = catalog::usable_volumes(db, id);
        QCOMPARE(all->size(), std::size_t(3));
        QVERIFY(!(*all)[1].in_library); // AWAY: usable once back in the library
    }
};

QTEST_GUILESS_MAIN(TestUsableVolumes)
#include "test_usable_volumes.moc"
