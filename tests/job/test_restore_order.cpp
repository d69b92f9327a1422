// The order of a restore's positioned reads (job/restore_order.h, job/restore_shares.h): runs
// placed on tape by their extents, sorted by position volume by volume (volumes in the order the
// catalog first needs them), overlapping reads of one session made as one pass, and the drive
// model's estimate of reading them.
#include <QtTest>

#include "job/restore_order.h"
#include "job/restore_shares.h"

using namespace tl;
using namespace tl::job;

namespace {
// A save set of one session interleaved with others: tape file 1 of two volumes, its stream
// bytes [0, 1000) on the first (blocks 1..10) and [1000, 2000) on the second (blocks 1..10).
std::vector<ExtentRow> two_volume_extents() {
    return {{0, 0, 1000, 1, "VOL001", 1, 1, 10, 2}, {1, 1000, 2000, 2, "VOL002", 1, 1, 10, 2}};
}

SelectedFile file_at(std::uint64_t offset, std::uint64_t end, std::int64_t volume,
                     std::uint32_t block) {
    SelectedFile f;
    f.offset = offset;
    f.end = end;
    f.volume_id = volume;
    f.file_number = 1;
    f.block = block;
    return f;
}

SelectedSaveset saveset(std::int64_t id, std::vector<SelectedFile> files) {
    SelectedSaveset s;
    s.saveset_id = id;
    s.session_id = 7;
    s.files = std::move(files);
    return s;
}
} // namespace

class TestRestoreOrder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runsArePlacedByTheirExtents() {
        // Two files back to back are one run; a gap starts another, on the second volume.
        auto s =
            saveset(1, {file_at(0, 100, 1, 1), file_at(100, 300, 1, 2), file_at(1500, 1600, 2, 6)});
        const auto reads = positioned_reads(0, s, two_volume_extents());
        QCOMPARE(reads.size(), std::size_t(2));
        QCOMPARE(reads[0].from, std::uint64_t(0));
        QCOMPARE(reads[0].to, std::uint64_t(300));
        QCOMPARE(reads[0].barcode, std::string("VOL001"));
        QCOMPARE(reads[0].position, std::uint64_t(3)); // start_pos 2 + block 1
        QCOMPARE(reads[1].barcode, std::string("VOL002"));
        QCOMPARE(reads[1].position, std::uint64_t(8)); // the hint's block 6
        QVERIFY(reads[1].end_position >= reads[1].position);
    }

    void readsAreSortedByPositionVolumeByVolume() {
        // Catalog order: save set A's runs on both volumes, then B's on both (going back).
        auto a = saveset(1, {file_at(0, 100, 1, 2), file_at(1500, 1600, 2, 6)});
        auto b = saveset(2, {file_at(0, 100, 1, 1), file_at(1200, 1300, 2, 3)});
        auto reads = positioned_reads(0, a, two_volume_extents());
        const auto rb = positioned_reads(1, b, two_volume_extents());
        reads.insert(reads.end(), rb.begin(), rb.end());
        auto catalog = reads;
        order_reads(catalog, ReadOrder::Catalog);
        QCOMPARE(catalog[1].barcode, std::string("VOL002"));
        QCOMPARE(catalog[2].barcode, std::string("VOL001")); // back to the first volume
        order_reads(reads, ReadOrder::Position);
        std::vector<std::pair<std::string, std::uint64_t>> got;
        for (const auto& r : reads)
            got.emplace_back(r.barcode, r.position);
        const std::vector<std::pair<std::string, std::uint64_t>> want = {
            {"VOL001", 3}, {"VOL001", 4}, {"VOL002", 5}, {"VOL002", 8}};
        QCOMPARE(got, want);
    }

    void overlappingReadsOfASessionAreOnePass() {
        auto a = saveset(1, {file_at(0, 100, 1, 2), file_at(300, 400, 1, 4)});
        auto b = saveset(2, {file_at(0, 100, 1, 1)});
        auto reads = positioned_reads(0, a, two_volume_extents());
        const auto rb = positioned_reads(1, b, two_volume_extents());
        reads.insert(reads.end(), rb.begin(), rb.end());
        order_reads(reads, ReadOrder::Position);
        const auto batches = batch_reads(reads, ReadOrder::Position);
        QCOMPARE(batches.size(), std::size_t(1));
        QCOMPARE(batches[0].targets.size(), std::size_t(2)); // a target per save set
        const auto& ta =
            batches[0].targets[0].set == 0 ? batches[0].targets[0] : batches[0].targets[1];
        QCOMPARE(ta.from, std::uint64_t(0));
        QCOMPARE(ta.to, std::uint64_t(400)); // A's two runs, one target
        QCOMPARE(batch_reads(reads, ReadOrder::Catalog).size(), reads.size());
    }

    void theModelChargesWhatGoingBackCosts() {
        auto type = device::find_drive_type("lto9");
        QVERIFY(type.ok());
        device::TapeTiming t({type.value(), 1, 1});
        auto a = saveset(1, {file_at(0, 100, 1, 2), file_at(1500, 1600, 2, 6)});
        auto b = saveset(2, {file_at(0, 100, 1, 1), file_at(1200, 1300, 2, 3)});
        auto estimate = [&](ReadOrder order) {
            DriveShare share;
            share.reads = positioned_reads(0, a, two_volume_extents());
            const auto rb = positioned_reads(1, b, two_volume_extents());
            share.reads.insert(share.reads.end(), rb.begin(), rb.end());
            order_reads(share.reads, order);
            share.batches = batch_reads(share.reads, order);
            return estimate_reads({share}, t, 256 * 1024);
        };
        const auto by_position = estimate(ReadOrder::Position);
        const auto by_catalog = estimate(ReadOrder::Catalog);
        QCOMPARE(by_position.volumes.size(), std::size_t(2));
        for (const auto& v : by_position.volumes)
            QCOMPARE(v.passes, std::uint64_t(1));
        for (const auto& v : by_catalog.volumes)
            QCOMPARE(v.passes, std::uint64_t(2));
        // Position order: two loads and one unload; catalog order: four loads, three unloads.
        QVERIFY(by_position.seconds >= 2 * type->load_s + type->unload_s);
        QVERIFY(by_catalog.seconds >= 4 * type->load_s + 3 * type->unload_s);
        QVERIFY(by_position.seconds < by_catalog.seconds);
    }
};

QTEST_GUILESS_MAIN(TestRestoreOrder)
#include "test_restore_order.moc"
