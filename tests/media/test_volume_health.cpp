// Cartridge wear and the retirement forecast (media/volume_health.h) over a fresh catalog: full
// passes from bytes moved over the capacity, the day the rated passes are reached at the pace of
// use, and the verdicts: hard errors retire, a rising soft error rate is watched.
#include <QTest>

#include "catalog/volume_store.h"
#include "catalog/volume_wear_store.h"
#include "media/volume_health.h"
#include "temp_catalog.h"

using namespace tl;

namespace {
constexpr long long kT0 = 1'800'000'000;
constexpr long long kDay = 86400;
constexpr std::int64_t kCapacity = 1'000'000'000; // 1 GB cartridges

void labeled(catalog::Db& db, const std::string& barcode) {
    catalog::LabeledVolume v;
    v.barcode = barcode;
    v.pool_id = 1;
    v.block_size = 262144;
    v.capacity = kCapacity;
    v.labeled = kT0;
    v.library = "vlib0";
    if (auto id = catalog::insert_labeled_volume(db, v); !id)
        qFatal("%s", id.error().message.c_str());
}

catalog::VolumeWearRow use(const std::string& barcode, std::uint64_t written,
                           std::uint64_t read = 0, std::int64_t soft = 0, std::int64_t hard = 0) {
    return {barcode, 1, written, read, soft, hard, 0, 0};
}
} // namespace

class TestVolumeHealth : public QObject {
    Q_OBJECT
    tltest::TempCatalogs catalogs_;
private slots:
    void passes_and_forecast() {
        auto db = catalogs_.fresh();
        labeled(db, "WEA001L9");
        // 10 full passes over 10 days: one a day, 250 to go at that pace.
        for (int day = 0; day <= 10; ++day)
            QVERIFY(
                catalog::add_volume_wear(db, use("WEA001L9", day ? kCapacity : 0), kT0 + day * kDay)
                    .ok());
        const auto now = kT0 + 10 * kDay;
        auto h = media::volume_health(db, "WEA001L9", now).value().at(0);
        QCOMPARE(h.mounts, std::int64_t{11});
        QCOMPARE(h.bytes_written, std::uint64_t{10} * kCapacity);
        QCOMPARE(h.full_passes, 10.0);
        QCOMPARE(h.rated_passes, 260.0);
        QCOMPARE(h.first_use, kT0);
        QCOMPARE(h.last_use, now);
        QVERIFY(h.retire_by.has_value());
        QCOMPARE(*h.retire_by, now + 250 * kDay);
        QCOMPARE(h.verdict, std::string("ok"));
    }

    void errors_decide_the_verdict() {
        auto db = catalogs_.fresh();
        labeled(db, "WEA002L9");
        labeled(db, "WEA003L9");
        QVERIFY(catalog::add_volume_wear(db, use("WEA002L9", 1000, 0, 0, 1), kT0).ok());
        QVERIFY(catalog::add_volume_wear(db, use("WEA003L9", 1000, 500, 1, 0), kT0).ok());
        QVERIFY(catalog::add_volume_wear(db, use("WEA003L9", 1000, 0, 1, 0), kT0 + kDay).ok());
        auto all = media::volume_health(db, "", kT0 + kDay).value();
        QCOMPARE(all.size(), std::size_t{2});
        QCOMPARE(all[0].verdict, std::string("retire"));
        QVERIFY(all[0].reason.find("1 hard error") != std::string::npos);
        QCOMPARE(all[1].verdict, std::string("watch"));
        QCOMPARE(all[1].bytes_read, std::uint64_t{500});
        QCOMPARE(all[1].soft_errors, std::int64_t{2});
    }

    void rated_passes_reached_retire() {
        auto db = catalogs_.fresh();
        labeled(db, "WEA004L9");
        QVERIFY(catalog::add_volume_wear(db, use("WEA004L9", 260ull * kCapacity), kT0).ok());
        auto h = media::volume_health(db, "WEA004L9", kT0).value().at(0);
        QCOMPARE(h.verdict, std::string("retire"));
        QVERIFY(!h.retire_by.has_value());
    }

    void unused_cartridge_is_named() {
        auto db = catalogs_.fresh();
        auto none = media::volume_health(db, "NOPE01L9", kT0);
        QCOMPARE(none.error().kind, ErrorKind::NotFound);
        QVERIFY(none.error().message.find("NOPE01L9") != std::string::npos);
        QVERIFY(media::volume_health(db, "", kT0).value().empty());
    }
};

QTEST_GUILESS_MAIN(TestVolumeHealth)
#include "test_volume_health.moc"
