#include <QtTest>

#include <ctime>

#include "bridge/console_scheduler.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "fixture_tree.h"
#include "schedule/definition_store.h"
#include "shell/main_window.h"

// Schedules fire while the console is open (no `tapeloom-cli serve` running): a one-shot
// schedule a few seconds ahead runs its job on the console's engine, and while the engine is
// busy with something exclusive (a cartridge move) the scheduled run waits instead of interleaving.
class TestConsoleScheduler : public QObject {
    Q_OBJECT

    static long long now() { return static_cast<long long>(std::time(nullptr)); }
    static std::string local(long long t) {
        const std::time_t tt = static_cast<std::time_t>(t);
        std::tm tm{};
        localtime_r(&tt, &tm);
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
        return buf;
    }
    static long long backupJobs(tl::Engine& e, const std::string& name) {
        auto db = tl::catalog::Db::open(e.home() + "/catalog.db", false);
        auto q = db->prepare("SELECT count(*) FROM jobs WHERE name=? AND status='completed'");
        q->bind(1, name);
        return q->step().value() ? q->i64(0) : 0;
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void oneShotScheduleRunsInTheConsoleAfterTheGateIsFree() {
        QTemporaryDir dir;
        const QString src = dir.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.txt", "scheduled\n"));
        QVERIFY(tltest::write_file(src + "/sub/b.bin", tltest::random_bytes(50000, 3)));
        auto engine = tl::Engine::open({(dir.path() + "/home").toStdString(), nullptr, false});
        QVERIFY(engine.ok());
        tl::Engine& e = *engine.value();
        tl::schedule::DefinitionStore store(engine_catalog(e));
        tl::schedule::JobDefinition d;
        d.name = "soon";
        d.sources = {src.toStdString()};
        auto added = store.add(d, now());
        QVERIFY2(added.ok(), added.ok() ? "" : added.error().message.c_str());
        auto rule = store.add_schedule("soon", "once " + local(now() + 4), now());
        QVERIFY2(rule.ok(), rule.ok() ? "" : rule.error().message.c_str());

        tl::ui::MainWindow w(e);
        QVERIFY(w.scheduler()->isRunning());
        const qint64 move =
            w.board()->begin(QStringLiteral("Library move (test)"), tl::ui::TaskKind::Exclusive);
        QVERIFY(move);
        // The run is due after 4 s; while a cartridge moves it stays queued.
        QTest::qWait(7000);
        QCOMPARE(backupJobs(e, "soon"), 0LL);
        w.board()->end(move);
        QTRY_COMPARE_WITH_TIMEOUT(backupJobs(e, "soon"), 1LL, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.board()->busy(), 10000);
    }
};

QTEST_MAIN(TestConsoleScheduler)
#include "test_console_scheduler.moc"
