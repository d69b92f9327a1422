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

// Every header of a backup's sessions (the first one, and the continuation on each further
// volume) carries the start of the job as its catalog row records it: a catalog rebuilt from
// the cartridges (scan) dates the job exactly as the lost one did, however long the drives took
// to mount and label before their first block.
class TestSessionDates : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    DayAheadClock clock_;
    std::unique_ptr<Engine> engine_;

    static std::string s(const QString& q) { return q.toStdString(); }

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
        spec.name = "small";
        spec.drives = 2;
        spec.storage_slots = 8;
        spec.capacity = 4ull << 20; // each drive's session spans volumes
        auto lib = device::add_virtual_library(engine_catalog(*engine_), o.home, spec);
        QVERIFY2(lib.ok(), lib.ok() ? "" : lib.error().message.c_str());
    }

    void everyHeaderCarriesTheJobsStart() {
        job::BackupOptions o;
        for (int i = 0; i < 2; ++i) {
            const QString src = dir_.path() + "/src" + QString::number(i);
            QVERIFY(QDir().mkpath(src));
            QVERIFY(tltest::write_file(src + "/data.bin",
                                       tltest::random_bytes(6 << 20, static_cast<quint32>(i + 1))));
            o.sources.push_back(s(src));
        }
        o.library = "small";
        o.drives = 2;
        o.sessions_per_drive = 1;
        o.name = "dates";
        o.poll_interval = 0.2;
        auto rep = job::run_backup(*engine_, o);
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

QTEST_GUILESS_MAIN(TestSessionDates)
#include "test_session_dates.moc"
