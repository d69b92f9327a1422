#include <QtTest>

#include "catalog/db.h"
#include "cli_runner.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "fixture_tree.h"
#include "job/backup_job.h"
#include "job/restore_job.h"

using namespace tl;

// Issue 17: a backup of many small files closes a tape file (a checkpoint) every so many
// catalog rows, not only every so many bytes, so its rows reach the catalog while it runs. What
// a user relies on stays: every file is catalogued once, restores byte for byte, and each
// checkpoint is a tape file the catalog knows.
class TestBackupCheckpoints : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<Engine> engine_;

    static std::string s(const QString& q) { return q.toStdString(); }

    std::int64_t count(const std::string& sql, std::int64_t id) {
        auto q = engine_catalog(*engine_).prepare(sql);
        if (!q) return -1;
        q->bind(1, id);
        auto row = q->step();
        return row && row.value() ? q->i64(0) : -1;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        EngineOptions o;
        o.home = s(dir_.path() + "/home");
        o.log_to_file = false;
        auto e = Engine::open(o);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        engine_ = std::move(e.value());
    }

    void rowsCheckpointedByCountRestoreWhole() {
        const QString src = dir_.path() + "/src";
        int files = 0;
        for (int d = 0; d < 4; ++d) {
            QVERIFY(QDir().mkpath(src + "/d" + QString::number(d)));
            for (int i = 0; i < 90; ++i, ++files)
                QVERIFY(tltest::write_file(
                    src + "/d" + QString::number(d) + "/f" + QString::number(i),
                    tltest::random_bytes(1 + (i * 131) % 12000, static_cast<quint32>(files))));
        }
        job::BackupOptions o;
        o.sources = {s(src)};
        o.drives = 1;
        o.sessions_per_drive = 1;
        o.name = "checkpoints";
        o.poll_interval = 0.2;
        o.block_size = 64 * 1024; // about 11 files a block: a checkpoint every few blocks
        o.checkpoint_entries = 50;
        auto rep = job::run_backup(*engine_, o);
        QVERIFY2(rep.ok(), rep.ok() ? "" : rep.error().message.c_str());
        QCOMPARE(QString::fromStdString(rep->status), QStringLiteral("completed"));
        const std::int64_t job = rep->job_id;
        // 365 entries (the root, 4 directories, 360 files), at most about 50 per tape file: at
        // least 4 tape files (data and the trailer) where the bytes alone (2 MB) made 2.
        QCOMPARE(count("SELECT count(*) FROM files f JOIN savesets s ON s.id=f.saveset_id "
                       "WHERE s.job_id=?",
                       job),
                 std::int64_t{files + 5});
        QVERIFY(count("SELECT count(*) FROM tape_files t JOIN sessions s ON s.id=t.session_id "
                      "WHERE s.job_id=?",
                      job) >= 4);

        job::RestoreOptions r;
        r.what.job_id = job;
        r.to = s(dir_.path() + "/out");
        r.drives = 1;
        auto res = job::run_restore(*engine_, r);
        QVERIFY2(res.ok(), res.ok() ? "" : res.error().message.c_str());
        QString why;
        QVERIFY2(tltest::same_tree(src, dir_.path() + "/out" + src, &why), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestBackupCheckpoints)
#include "test_backup_checkpoints.moc"
