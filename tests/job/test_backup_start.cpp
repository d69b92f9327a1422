#include <QtTest>

#include <set>

#include "api/volume_contents.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "fixture_tree.h"
#include "job/backup_job.h"

using namespace tl;

namespace {
// The engine's calendar runs a day ahead of the system's: a date taken from the system clock
// instead of the engine's shows at once.
class DayAheadClock final : public Clock {
public:
    Mono now() const override { return std::chrono::steady_clock::now(); }
    Wall wall() const override { return std::chrono::system_clock::now() + std::chrono::hours(24); }
    void sleep_for(std::chrono::nanoseconds d) override { std::this_thread::sleep_for(d); }
};
} // namespace

// Issues 39/40: a backup's drives start writing together and each leaves its trace in the job
// report. Every drive's first sessions are opened (their save sets recorded, their readers
// reading) before any drive asks for a volume, so no drive's first block waits on another's
// catalog rows or readers; each drive's trace runs in order from its mount to the volume given
// back, the tape's start (drives paced like tape) between its first and last block. Asserted on
// the recorded moments, not on how long anything took.
// Every header of a backup's sessions (the first, and the continuation on each further volume)
// carries the job's start as its catalog row records it, so a catalog rebuilt from the
// cartridges (scan) dates the job as the lost one did, however long the mounts took.
class TestBackupStart : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    DayAheadClock clock_;
    std::unique_ptr<Engine> engine_;

    static std::string s(const QString& q) { return q.toStdString(); }

    // A backup on `library` of one source per drive, each one file of `bytes` random bytes.
    Result<job::JobReport> backup(const std::string& library, int drives, qsizetype bytes) {
        job::BackupOptions o;
        o.sources = tltest::random_sources(dir_.path() + "/" + QString::fromStdString(library),
                                           drives, bytes);
        if (o.sources.empty()) return make_error(ErrorKind::Io, "the sources were not written");
        o.library = library;
        o.drives = static_cast<std::size_t>(drives);
        o.sessions_per_drive = 1;
        o.name = library;
        o.poll_interval = 0.2;
        return job::run_backup(*engine_, o);
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        EngineOptions o;
        o.home = s(dir_.path() + "/home");
        o.clock = &clock_;
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
        device::VirtualLibrarySpec small;
        small.name = "small";
        small.drives = 2;
        small.storage_slots = 8;
        small.capacity = 4ull << 20; // each drive's session spans volumes
        lib = device::add_virtual_library(engine_catalog(*engine_), o.home, small);
        QVERIFY2(lib.ok(), lib.ok() ? "" : lib.error().message.c_str());
    }

    void drivesStartTogetherAndTraceTheirWork() {
        auto rep = backup("paced", 4, 3 << 20);
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

    void everyHeaderCarriesTheJobsStart() {
        auto rep = backup("small", 2, 6 << 20);
        QVERIFY2(rep.ok(), rep.ok() ? "" : rep.error().message.c_str());
        QCOMPARE(QString::fromStdString(rep->status), QStringLiteral("completed"));
        QVERIFY(rep->volumes.size() >= 3);
        std::set<std::string> sessions;
        int continued = 0;
        for (const auto& barcode : rep->volumes) {
            auto listing = job::volume_contents(*engine_, barcode, "small");
            QVERIFY2(listing.ok(), listing.ok() ? "" : listing.error().message.c_str());
            for (const auto& session : listing.value()["sessions"]) {
                QCOMPARE(session["start_time"].get<long long>(), rep->started);
                sessions.insert(session["uuid"].get<std::string>());
                continued += session["volume_seq"].get<int>() > 0;
            }
        }
        QCOMPARE(sessions.size(), std::size_t{2});
        QVERIFY(continued >= 1);
    }
};

QTEST_GUILESS_MAIN(TestBackupStart)
#include "test_backup_start.moc"
