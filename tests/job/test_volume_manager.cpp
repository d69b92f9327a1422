#include <QtTest>

#include "common/version.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "format/constants.h"
#include "job/volume_manager.h"
#include "media/pool.h"

using namespace tl;

// The volume manager hands a volume one drive of a job finished with to another drive of the
// same job at the tape file after the first drive's last one, whatever the catalog has recorded
// by then (the catalog writer runs behind the drives).
class TestVolumeManager : public QObject {
    Q_OBJECT

private slots:
    void appendsAfterWhatThisJobWroteBeforeTheCatalogKnows() {
        QTemporaryDir dir;
        auto engine = Engine::open({dir.path().toStdString(), nullptr, false});
        QVERIFY2(engine.ok(), engine ? "" : engine.error().message.c_str());
        auto& db = engine_catalog(*engine.value());
        auto lib = device::open_library(db, engine.value()->home(), "", engine.value()->clock());
        QVERIFY(lib.ok());
        auto pool = media::find_pool(db, "Default");
        QVERIFY(pool.ok());
        job::VolumeManager volumes(*lib.value(), db, {pool->id, pool->name},
                                   static_cast<std::uint32_t>(format::kDefaultBlockSize),
                                   engine.value()->clock(), engine_version());

        // Drive 0 labels a blank cartridge and writes two tape files on it; the catalog still
        // says the volume continues at file 1 (its writer has not caught up).
        auto first = volumes.acquire(0);
        QVERIFY2(first.ok(), first ? "" : first.error().message.c_str());
        QCOMPARE(first->next_file, 1u);
        QVERIFY(lib.value()->drive(0).write_filemarks(2).ok());
        first->next_file = 3;
        QVERIFY(volumes.release(0, first.value(), false).ok());

        // Drive 1 of the same job appends to it after those two files, not over them.
        auto second = volumes.acquire(1);
        QVERIFY2(second.ok(), second ? "" : second.error().message.c_str());
        QCOMPARE(second->barcode, first->barcode);
        QCOMPARE(second->next_file, 3u);
    }
};

QTEST_GUILESS_MAIN(TestVolumeManager)
#include "test_volume_manager.moc"
