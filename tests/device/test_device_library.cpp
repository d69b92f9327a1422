// The catalog-configured libraries: the embedded default, mount/unmount by barcode, and
// several libraries and standalone drives side by side.
#include <QTemporaryDir>
#include <QTest>

#include "catalog/db.h"
#include "catalog/schema.h"
#include "common/clock.h"
#include "device/device_registry.h"
#include "device/library.h"

using namespace tl;
using namespace tl::device;

class TestDeviceLibrary : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    ManualClock clock_;
    std::string home() const { return dir_.path().toStdString(); }
    catalog::Db open_db() {
        auto db = catalog::Db::open(home() + "/catalog.db");
        if (!db) qFatal("%s", db.error().message.c_str());
        if (auto m = catalog::migrate(db.value()); !m) qFatal("%s", m.error().message.c_str());
        return std::move(db.value());
    }

private slots:
    void default_library() {
        auto db = open_db();
        QVERIFY(ensure_default_library(db, home()).ok());
        QVERIFY(ensure_default_library(db, home()).ok()); // idempotent
        QCOMPARE(library_names(db).value(), std::vector<std::string>{"vlib0"});
        auto lib = open_library(db, home(), "", clock_);
        QVERIFY(lib.ok());
        QCOMPARE(lib.value()->drive_count(), std::size_t{4});
        QCOMPARE(lib.value()->drive(3).name(), std::string("vlib0-drive3"));
        auto bc = lib.value()->barcodes();
        QCOMPARE(bc->size(), std::size_t{24});
        QCOMPARE(bc->front(), std::string("TLO001L9"));
        QCOMPARE(bc->back(), std::string("TLO024L9"));
        QCOMPARE(lib.value()->drive(0).capacity_bytes(), std::uint64_t{4ull << 30});
    }

    void mount_and_write() {
        auto db = open_db();
        auto lib = open_library(db, home(), "vlib0", clock_).value();
        QVERIFY(lib->mount(1, "TLO005L9").ok());
        auto& d = lib->drive(1);
        QVERIFY(d.open(false).ok());
        QVERIFY(d.write_block("label", 5).ok());
        QCOMPARE(d.status()->volume, std::string("TLO005L9"));
        // In use: another drive cannot take it.
        auto busy = lib->mount(2, "TLO005L9");
        QCOMPARE(busy.error().kind, ErrorKind::Busy);
        auto unload = lib->changer().unload(1);
        QCOMPARE(unload.error().kind, ErrorKind::Busy);
        QVERIFY(d.close().ok());
        // Now it moves from drive 1 to drive 2 (unloading drive 1 to its source slot).
        QVERIFY(lib->mount(2, "TLO005L9").ok());
        auto inv = lib->changer().inventory().value();
        QVERIFY(!inv.drives[1].full);
        QCOMPARE(inv.drives[2].barcode, std::string("TLO005L9"));
        auto& d2 = lib->drive(2);
        QVERIFY(d2.open(true).ok());
        char buf[16];
        QCOMPARE(d2.read_block(buf, sizeof buf).value(), std::size_t{5});
        QCOMPARE(d2.read_block(buf, sizeof buf).value(), std::size_t{0}); // close wrote a filemark
        QVERIFY(d2.close().ok());
        // Mounting another cartridge into a full drive swaps them.
        QVERIFY(lib->mount(2, "TLO006L9").ok());
        inv = lib->changer().inventory().value();
        QCOMPARE(inv.drives[2].barcode, std::string("TLO006L9"));
        QCOMPARE(inv.storage[4].barcode, std::string("TLO005L9"));
        auto missing = lib->mount(0, "NOPE01L9");
        QCOMPARE(missing.error().kind, ErrorKind::MediaMissing);
        QVERIFY(missing.error().message.find("NOPE01L9") != std::string::npos);
        QVERIFY(lib->unmount(2).ok());
        QVERIFY(lib->unmount(2).ok()); // no-op when empty
        QCOMPARE(lib->changer().inventory()->storage[5].barcode, std::string("TLO006L9"));
    }

    void several_libraries_and_drives() {
        auto db = open_db();
        VirtualLibrarySpec spec;
        spec.drives = 1;
        spec.storage_slots = 3;
        spec.mail = 0;
        spec.capacity = 16u << 20;
        auto v = add_virtual_library(db, home(), spec);
        QVERIFY(v.ok());
        QCOMPARE(v->name, std::string("vlib1"));
        auto m = add_mtx_library(db, "real", "/dev/sg9", {"/dev/nst0", "/dev/nst1"});
        QVERIFY(m.ok());
        QVERIFY(add_st_drive(db, "lone", "/dev/nst5").ok());
        QCOMPARE(add_st_drive(db, "rew", "/dev/st0").error().kind, ErrorKind::InvalidArgument);
        QVERIFY(add_virtual_drive(db, home(), "vd", 8u << 20).ok());
        QVERIFY(add_null_drive(db, "nul").ok());
        QCOMPARE(add_null_drive(db, "nul").error().kind, ErrorKind::AlreadyExists);
        QCOMPARE(library_names(db).value(), (std::vector<std::string>{"vlib0", "vlib1", "real"}));
        QCOMPARE(list_drives(db, "real")->size(), std::size_t{2});
        QCOMPARE(list_drives(db)->size(), std::size_t{4 + 1 + 2 + 3});

        auto vd = open_standalone_drive(db, home(), "vd", clock_);
        QVERIFY(vd.ok());
        QVERIFY(vd.value()->open(false).ok());
        QVERIFY(vd.value()->write_block("abc", 3).ok());
        QCOMPARE(vd.value()->capacity_bytes(), std::uint64_t{8u << 20});
        auto nul = open_standalone_drive(db, home(), "nul", clock_).value();
        QVERIFY(nul->open(false).ok());
        std::vector<char> blk(1 << 20);
        for (int i = 0; i < 10; ++i)
            QVERIFY(nul->write_block(blk.data(), blk.size()).ok());
        QCOMPARE(nul->counters().bytes_written.load(), std::uint64_t{10u << 20});
        QCOMPARE(nul->read_block(blk.data(), blk.size()).error().kind, ErrorKind::NotFound);

        auto lib1 = open_library(db, home(), "vlib1", clock_);
        QVERIFY(lib1.ok());
        QCOMPARE(lib1.value()->barcodes()->front(), std::string("T2001L9"));
        QVERIFY(remove_library(db, "real").ok());
        QCOMPARE(remove_library(db, "real").error().kind, ErrorKind::NotFound);
        QCOMPARE(remove_drive(db, "vlib1-drive0").error().kind, ErrorKind::InvalidArgument);
        QVERIFY(remove_drive(db, "lone").ok());
        auto none = open_library(db, home(), "ghost", clock_);
        QCOMPARE(none.error().kind, ErrorKind::NotFound);
        QVERIFY(none.error().message.find("vlib0, vlib1") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestDeviceLibrary)
#include "test_device_library.moc"
