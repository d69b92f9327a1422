#include <QtTest>

#include <atomic>
#include <functional>
#include <mutex>
#include <random>
#include <thread>

#include "catalog/db.h"
#include "cli_runner.h"
#include "common/version.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "context/reservations.h"
#include "device/library.h"
#include "fixture_tree.h"
#include "job/backup_job.h"
#include "job/clone_job.h"
#include "job/label_job.h"
#include "job/restore_job.h"
#include "job/verify_job.h"
#include "media/pool.h"
#include "media/volume_catalog.h"
#include "slow_source.h"

using namespace tl;

namespace {
job::VerifyOptions verify_of(std::int64_t job_id) {
    job::VerifyOptions o;
    o.job_id = job_id;
    return o;
}
} // namespace

// Several jobs at once in one engine on the default 4-drive virtual library: they share the
// drives through the reservation book, each on its own thread with its own catalog connection;
// what they back up restores identically, a job that needs a held volume waits and says why.
class TestConcurrentJobs : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<Engine> engine_;
    QString home_;

    static std::string s(const QString& q) { return q.toStdString(); }

    Result<job::JobReport> backup(const QStringList& sources, std::size_t drives,
                                  const std::string& name) {
        job::BackupOptions o;
        for (const auto& src : sources)
            o.sources.push_back(s(src));
        o.drives = drives;
        o.sessions_per_drive = 1;
        o.name = name;
        o.poll_interval = 0.2;
        return job::run_backup(*engine_, o);
    }

    Result<job::RestoreResult> restore(std::int64_t job_id, const QString& to) {
        job::RestoreOptions o;
        o.what.job_id = job_id;
        o.to = s(to);
        o.drives = 1;
        return job::run_restore(*engine_, o);
    }

    Result<media::LabelResult> label(const std::string& barcode) {
        auto& db = engine_catalog(*engine_);
        media::LabelOptions o;
        o.barcode = barcode;
        o.pool = "Scratch";
        o.reason = "labeled by test_concurrent_jobs";
        o.engine_version = engine_version();
        auto plan = media::plan_label(db, o, to_unix_seconds(engine_->clock().wall()));
        if (!plan) return plan.error();
        auto lib = device::open_library(db, engine_->home(), "", engine_->clock());
        if (!lib) return lib.error();
        return media::label_reserved(*engine_, *lib.value(), plan.value());
    }

    // A cartridge of the library the catalog knows nothing of, not yet taken by `taken`.
    std::string blank_cartridge(std::set<std::string>& taken) {
        auto& db = engine_catalog(*engine_);
        auto lib = device::open_library(db, engine_->home(), "", engine_->clock());
        if (!lib) return {};
        auto present = lib.value()->barcodes();
        if (!present) return {};
        for (auto it = present->rbegin(); it != present->rend(); ++it) {
            auto known = media::lookup_volume(db, *it);
            if (known && !known.value() && taken.insert(*it).second) return *it;
        }
        return {};
    }

    std::string job_status(std::int64_t id, std::string* reason = nullptr) {
        auto q =
            engine_catalog(*engine_).prepare("SELECT status, wait_reason FROM jobs WHERE id=?");
        if (!q) return {};
        q->bind(1, id);
        auto row = q->step();
        if (!row || !row.value()) return {};
        if (reason) *reason = q->text(1);
        return q->text(0);
    }

    std::int64_t newest_job(const char* kind) {
        auto q = engine_catalog(*engine_).prepare("SELECT max(id) FROM jobs WHERE kind=?");
        if (!q) return 0;
        q->bind(1, kind);
        auto row = q->step();
        return row && row.value() ? q->i64(0) : 0;
    }

    static bool same(const QString& a, const QString& b, QString* why) {
        return tltest::same_tree(a, b, why);
    }

    void check_book_empty_and_catalog_whole() {
        QVERIFY(engine_->reservations().empty());
        auto q = engine_catalog(*engine_).prepare("PRAGMA integrity_check");
        QVERIFY(q.ok());
        auto row = q->step();
        QVERIFY(row.ok() && row.value());
        QCOMPARE(QString::fromStdString(q->text(0)), QStringLiteral("ok"));
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        EngineOptions o;
        o.home = s(home_);
        o.log_to_file = false;
        auto e = Engine::open(o);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        engine_ = std::move(e.value());
        QVERIFY(tltest::make_fixture_tree(dir_.path() + "/src1", 2 << 20));
        QVERIFY(tltest::make_fixture_tree(dir_.path() + "/src2a", 3 << 20));
        QVERIFY(tltest::make_fixture_tree(dir_.path() + "/src2b", 1 << 20));
    }

    void backupRestoreAndLabelSideBySide() {
        auto first = backup({dir_.path() + "/src1"}, 1, "first");
        QVERIFY2(first.ok() && first->status == "completed",
                 first.ok() ? first->error.c_str() : first.error().message.c_str());
        std::set<std::string> taken;
        const std::string blank = blank_cartridge(taken);
        QVERIFY(!blank.empty());

        std::optional<Result<job::JobReport>> second;
        std::optional<Result<job::RestoreResult>> restored;
        std::optional<Result<media::LabelResult>> labeled;
        const QString to = dir_.path() + "/restore1";
        std::thread b([&] {
            second = backup({dir_.path() + "/src2a", dir_.path() + "/src2b"}, 2, "second");
        });
        std::thread r([&] { restored = restore(first->job_id, to); });
        std::thread l([&] { labeled = label(blank); });
        b.join();
        r.join();
        l.join();

        QVERIFY2(second->ok() && second->value().status == "completed",
                 second->ok() ? second->value().error.c_str() : second->error().message.c_str());
        QCOMPARE(second->value().drives.size(), std::size_t(2));
        QVERIFY2(restored->ok() && restored->value().report.status == "completed",
                 restored->ok() ? restored->value().report.error.c_str()
                                : restored->error().message.c_str());
        QVERIFY2(labeled->ok(), labeled->ok() ? "" : labeled->error().message.c_str());
        QCOMPARE(QString::fromStdString(labeled->value().volume.pool), QStringLiteral("Scratch"));
        QString why;
        QVERIFY2(same(dir_.path() + "/src1", to + dir_.path() + "/src1", &why), qPrintable(why));

        auto v = job::run_verify(*engine_, verify_of(second->value().job_id));
        QVERIFY2(v.ok() && v->status == "completed", v.ok() ? "" : v.error().message.c_str());
        QVERIFY(v->files_ok > 0);
        check_book_empty_and_catalog_whole();
    }

    void jobNeedingAHeldVolumeWaitsAndSaysWhy() {
        const auto backup_id = newest_job("backup");
        auto& db = engine_catalog(*engine_);
        auto q = db.prepare("SELECT DISTINCT v.barcode FROM tape_files t JOIN volumes v ON "
                            "v.id=t.volume_id JOIN sessions s ON s.id=t.session_id WHERE "
                            "s.job_id=? ORDER BY 1 LIMIT 1");
        QVERIFY(q.ok());
        q->bind(1, backup_id);
        auto row = q->step();
        QVERIFY(row.ok() && row.value());
        const std::string volume = q->text(0);
        q->reset(); // an open statement would keep this thread's read snapshot

        // Another job (here: the test itself, as job 9999) holds the volume the restore needs.
        job::ReservationRequest hold;
        hold.job_id = 9999;
        hold.library = "vlib0";
        hold.library_drives = 4;
        hold.volumes = {volume};
        auto held = engine_->reservations().acquire(hold);
        QVERIFY(held.ok());

        const QString to = dir_.path() + "/restore2";
        const auto first_restore = newest_job("restore");
        std::optional<Result<job::RestoreResult>> restored;
        std::thread r([&] { restored = restore(backup_id, to); });
        std::int64_t restore_id = 0;
        std::string reason, status;
        for (int i = 0; i < 2000 && status != "waiting"; ++i) {
            restore_id = newest_job("restore");
            if (restore_id > first_restore) status = job_status(restore_id, &reason);
            if (status != "waiting") std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        const auto snap = engine_->reservations().snapshot();
        held.value().reset(); // freed: the restore goes on
        r.join();
        QCOMPARE(QString::fromStdString(status), QStringLiteral("waiting"));
        QCOMPARE(QString::fromStdString(reason),
                 QString::fromStdString("waiting for volume " + volume + " (in use by job 9999)"));
        QCOMPARE(snap.waiters.size(), std::size_t(1));
        QCOMPARE(snap.waiters[0].job_id, restore_id);
        QVERIFY2(restored->ok() && restored->value().report.status == "completed",
                 restored->ok() ? restored->value().report.error.c_str()
                                : restored->error().message.c_str());
        QCOMPARE(QString::fromStdString(job_status(restore_id, &reason)),
                 QStringLiteral("completed"));
        QVERIFY(reason.empty());
        QString why;
        QVERIFY2(same(dir_.path() + "/src2a", to + dir_.path() + "/src2a", &why), qPrintable(why));
        check_book_empty_and_catalog_whole();
    }

    // ~20 jobs of every kind started at random moments on 4 drives: none deadlocks or fails,
    // every restore is identical, and nothing stays reserved.
    void mixedJobsAtRandom() {
        auto offsite = media::add_pool(engine_catalog(*engine_), "Offsite", {},
                                       to_unix_seconds(engine_->clock().wall()));
        QVERIFY(offsite.ok());
        const auto earlier = newest_job("backup");
        std::mt19937 rng(1515);
        std::mutex mutex;
        QStringList failures;
        std::vector<std::pair<QString, QString>> to_compare; // source, restored copy
        std::set<std::string> taken;
        std::vector<std::thread> threads;
        auto fail = [&](const QString& what) {
            std::lock_guard lock(mutex);
            failures << what;
        };
        for (int i = 0; i < 20; ++i) {
            const int kind = static_cast<int>(rng() % 5);
            const QString n = QString::number(i);
            std::function<void()> work;
            if (kind == 0) {
                const QString src = dir_.path() + "/stress/b" + n;
                QVERIFY(tltest::make_fixture_tree(src, 256 << 10));
                work = [=, this] {
                    auto r = backup({src}, 1 + (i % 2), "stress " + s(n));
                    if (!r || r->status != "completed")
                        fail("backup " + n + ": " +
                             QString::fromStdString(r ? r->error : r.error().message));
                };
            } else if (kind == 1) {
                const QString to = dir_.path() + "/stress/r" + n;
                for (const char* src : {"/src2a", "/src2b"})
                    to_compare.push_back({dir_.path() + src, to + dir_.path() + src});
                work = [=, this] {
                    auto r = restore(earlier, to);
                    if (!r || r->report.status != "completed")
                        fail("restore " + n + ": " +
                             QString::fromStdString(r ? r->report.error : r.error().message));
                };
            } else if (kind == 2) {
                work = [=, this] {
                    auto r = job::run_verify(*engine_, verify_of(earlier));
                    if (!r || r->status != "completed")
                        fail("verify " + n + ": " +
                             QString::fromStdString(r ? r->status : r.error().message));
                };
            } else if (kind == 3) {
                const std::string bc = blank_cartridge(taken);
                work = [=, this] {
                    auto r = label(bc);
                    if (!r) fail("label " + n + ": " + QString::fromStdString(r.error().message));
                };
            } else {
                work = [=, this] {
                    media::CloneOptions o;
                    o.job_id = earlier;
                    o.pool = "Offsite";
                    auto r = media::clone_job(*engine_, o);
                    // One clone of the job per pool: a later one is refused, which is no failure.
                    if (!r && r.error().kind != ErrorKind::AlreadyExists)
                        fail("clone " + n + ": " + QString::fromStdString(r.error().message));
                };
            }
            threads.emplace_back(work);
            std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 150));
        }
        for (auto& t : threads)
            t.join();
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
        for (const auto& [src, copy] : to_compare) {
            QString why;
            QVERIFY2(same(src, copy, &why), qPrintable(why));
        }
        check_book_empty_and_catalog_whole();
    }
};

QTEST_GUILESS_MAIN(TestConcurrentJobs)
#include "test_concurrent_jobs.moc"
