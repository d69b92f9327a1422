#include <QtTest>

#include "context/engine.h"
#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "fixture_tree.h"
#include "job/backup_job.h"

using namespace tl;

// Issues 39/40: a backup's drives start writing together and each leaves its trace in the job
// report. Every drive's first sessions are opened (their save sets recorded, their readers
// reading) before any drive asks for a volume, so no drive's first block waits on another's
// catalog rows or readers; each drive's trace runs in order from its mount to the volume given
// back, the tape's start (drives paced like tape) between its first and last block. Asserted on
// the recorded moments, not on how long anything took.
class TestBackupStart : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<Engine> engine_;

    static std::string s(const QString& q) { return q.toStdString(); }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        EngineOptions o;
        o.home = s(dir_.path() + "/home");
        o.log_to_file = false;
        auto e = Engine::open(o);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        engine_ = std::move(e.value());
        device::VirtualLibrarySpec spec;
        spec.name = "paced";
        spec.drives = 4;
        spec.storage_slots = 6;
        spec.capacity = 64ull << 20;
        // Drives paced like tape: 100 MB/s, a 4 MB buffer whose tape starts at 1 MB.
        spec.streaming = nlohmann::json{
            {"rate", 100e6}, {"buffer", 4e6}, {"start_fill", 0.25}, {"reposition_s", 0.1}};
        auto lib = device::add_virtual_library(engine_catalog(*engine_), o.home, spec);
        QVERIFY2(lib.ok(), lib.ok() ? "" : lib.error().message.c_str());
    }

    void drivesStartTogetherAndTraceTheirWork() {
        job::BackupOptions o;
        for (int i = 0; i < 4; ++i) {
            const QString src = dir_.path() + "/src" + QString::number(i);
            QVERIFY(QDir().mkpath(src));
            QVERIFY(tltest::write_file(src + "/data.bin",
                                       tltest::random_bytes(3 << 20, static_cast<quint32>(i + 1))));
            o.sources.push_back(s(src));
        }
        o.library = "paced";
        o.drives = 4;
        o.sessions_per_drive = 1;
        o.name = "start";
        o.poll_interval = 0.2;
        auto rep = job::run_backup(*engine_, o);
        QVERIFY2(rep.ok(), rep.ok() ? "" : rep.error().message.c_str());
        QCOMPARE(QString::fromStdString(rep->status), QStringLiteral("completed"));
        QCOMPARE(rep->drives.size(), std::size_t{4});
        QCOMPARE(rep->sessions.size(), std::size_t{4});
        QVERIFY(rep->reserved_at >= 0);
        QVERIFY(rep->sessions_started_at >= rep->reserved_at);
        for (const auto& d : rep->drives) {
            const auto& t = d.times;
            const QString at = QString::fromStdString(d.name);
            QVERIFY2(d.blocks > 0, qPrintable(at));
            // Every session was reading before this drive asked for its volume.
            QVERIFY2(t.mount_start >= rep->sessions_started_at, qPrintable(at));
            QVERIFY2(t.mounted >= t.mount_start, qPrintable(at));
            QVERIFY2(t.first_block >= t.mounted, qPrintable(at));
            QVERIFY2(t.tape_start >= t.first_block, qPrintable(at)); // after the start level
            QVERIFY2(t.last_block >= t.tape_start, qPrintable(at));
            QVERIFY2(t.on_tape >= t.last_block, qPrintable(at));
            QVERIFY2(t.released >= t.on_tape, qPrintable(at));
            QVERIFY2(rep->elapsed >= t.released, qPrintable(at));
            QVERIFY2(d.tape_seconds > 0, qPrintable(at));
        }
    }
};

QTEST_GUILESS_MAIN(TestBackupStart)
#include "test_backup_start.moc"
