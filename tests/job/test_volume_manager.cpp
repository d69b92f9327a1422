#include <QtTest>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "common/version.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "format/constants.h"
#include "job/job_reservation.h"
#include "job/label_job.h"
#include "job/volume_manager.h"
#include "media/pool.h"
#include "media/volume_catalog.h"

using namespace tl;

namespace {
// Simulated time (sleeps return at once and move the clock on), except that once armed, a sleep
// of a second or more - a drive's load and thread under the lto9 model - waits until another
// such sleep runs beside it, or for 10 s of real time at most; it counts the most seen at once.
class MeetingClock final : public Clock {
public:
    Mono now() const override { return std::chrono::steady_clock::now() + slept(); }
    Wall wall() const override { return std::chrono::system_clock::now() + slept(); }
    void sleep_for(std::chrono::nanoseconds d) override {
        slept_ns_ += d.count();
        if (!armed_ || d < std::chrono::seconds(1)) return;
        std::unique_lock lock(mutex_);
        most_ = std::max(most_, ++running_);
        cv_.notify_all();
        cv_.wait_for(lock, std::chrono::seconds(10), [this] { return most_ >= 2; });
        --running_;
    }
    void arm() { armed_ = true; }
    int most() const {
        std::lock_guard lock(mutex_);
        return most_;
    }

private:
    std::chrono::nanoseconds slept() const { return std::chrono::nanoseconds(slept_ns_.load()); }
    std::atomic<long long> slept_ns_{0};
    std::atomic<bool> armed_{false};
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    int running_ = 0, most_ = 0;
};
} // namespace

// The volume manager hands a volume one drive of a job finished with to another drive of the
// same job at the tape file after the first drive's last one, whatever the catalog has recorded
// by then (the catalog writer runs behind the drives); the drives of a job load their volumes
// at the same time, not one after another.
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

    // Two drives of one job under the lto9 model (15 s load and thread): the second drive's
    // load runs while the first one's does, as in a library whose robot serves one drive while
    // the other threads its cartridge (issue 39).
    void drivesOfAJobLoadTheirVolumesAtTheSameTime() { loadTwoDrivesAtOnce(false, true); }

    // Jobs share the robot through the engine's lock (job::shared_robot): its moves one at a
    // time, the drives' loads still at once.
    void drivesLoadAtTheSameTimeUnderTheEnginesRobotLock() { loadTwoDrivesAtOnce(true, true); }

    // Blank cartridges the pool auto-labels: each drive loads and labels its own at the same
    // time as the other, not one after the other under the volume manager's lock; both are
    // recorded, each in its own drive.
    void drivesOfAJobLabelTheirBlankCartridgesAtTheSameTime() { loadTwoDrivesAtOnce(false, false); }

private:
    static void loadTwoDrivesAtOnce(bool engineRobot, bool labeledBefore) {
        QTemporaryDir dir;
        MeetingClock clock;
        auto engine = Engine::open({dir.path().toStdString(), &clock, false});
        QVERIFY2(engine.ok(), engine ? "" : engine.error().message.c_str());
        auto& db = engine_catalog(*engine.value());
        device::VirtualLibrarySpec spec;
        spec.name = "timed";
        spec.drives = 2;
        spec.storage_slots = 2;
        spec.mail = 1;
        spec.prefix = "TIM";
        spec.capacity = 64ull << 20;
        spec.model = nlohmann::json{{"type", "lto9"}, {"time_scale", 1}, {"rate_scale", 0.01}};
        QVERIFY(device::add_virtual_library(db, engine.value()->home(), spec).ok());
        auto opened = device::open_library(db, engine.value()->home(), "timed", clock);
        QVERIFY(opened.ok());
        std::unique_ptr<device::Library> lib = std::move(opened.value());
        media::BlankLabelOptions o;
        o.pool = "Default";
        o.engine_version = engine_version();
        if (labeledBefore) {
            auto labeled = media::label_all_blank_reserved(*engine.value(), *lib, o);
            QVERIFY(labeled.ok() && !labeled->stopped && labeled->outcomes.size() == 2);
        }
        // Labeling takes the engine's robot lock itself; the job's mounts then share it.
        if (engineRobot) lib = job::shared_robot(*engine.value(), std::move(lib));
        auto pool = media::find_pool(db, "Default");
        QVERIFY(pool.ok());
        job::VolumeManager volumes(*lib, db, {pool->id, pool->name},
                                   static_cast<std::uint32_t>(format::kDefaultBlockSize), clock,
                                   engine_version());

        clock.arm();
        std::optional<Result<job::MountedVolume>> got[2];
        std::thread other([&] { got[1] = volumes.acquire(1); });
        got[0] = volumes.acquire(0);
        other.join();
        for (auto& g : got)
            QVERIFY2(g->ok(), g->ok() ? "" : g->error().message.c_str());
        QVERIFY(got[0]->value().barcode != got[1]->value().barcode);
        QCOMPARE(clock.most(), 2);
        for (auto& g : got) {
            QCOMPARE(g->value().labeled_now, !labeledBefore);
            auto v = media::find_volume(db, g->value().barcode);
            QVERIFY2(v.ok(), v ? "" : v.error().message.c_str());
            QCOMPARE(v->state, media::VolumeState::Append);
            QCOMPARE(v->id, g->value().id);
        }
        for (std::size_t d = 0; d < 2; ++d)
            QVERIFY(volumes.release(d, got[d]->value(), false).ok());
    }
};

QTEST_GUILESS_MAIN(TestVolumeManager)
#include "test_volume_manager.moc"
