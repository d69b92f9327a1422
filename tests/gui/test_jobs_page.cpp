#include <QtTest>

#include "dark_palette.h"

#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "client/service_api.h"
#include "client/service_client.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "models/job_history_model.h"
#include "pages/jobs/definition_dialog.h"
#include "pages/jobs/definition_table_model.h"
#include "pages/jobs/history_filter_proxy.h"
#include "pages/jobs/history_panel.h"
#include "pages/jobs/jobs_page.h"
#include "pages/jobs/queue_panel.h"
#include "pages/jobs/queue_table_model.h"
#include "pages/jobs/running_panel.h"
#include "pages/jobs/running_table_model.h"
#include "pages/jobs/schedule_panel.h"
#include "pages/jobs/schedule_table_model.h"
#include "slow_source.h"
#include "widgets/message_line.h"

using tltest::run_cli;

namespace {
void write(const QString& path, const QByteArray& data) {
    QVERIFY(QDir().mkpath(QFileInfo(path).path()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), qint64(data.size()));
}

// The console beside the service of a data directory: the service and the console's read-only
// engine, the task board, the page.
struct Console {
    explicit Console(const QString& home) : beside(tltest::console_beside_service(home)) {
        if (!beside) return;
        page = std::make_unique<tl::ui::JobsPage>(beside.ctx, gate);
        page->setConfirm([this](const QString& q) {
            questions << q;
            return answer;
        });
        page->resize(1280, 860);
        page->show();
    }
    ~Console() {
        page.reset();
        (gate.waitUntilIdle(60000) &&
         gate.waitReadsDone(60000)); // a task still running finishes before the engine closes
    }
    tltest::ConsoleBesideService beside;
    tl::ui::TaskBoard gate;
    std::unique_ptr<tl::ui::JobsPage> page;
    QStringList questions;
    bool answer = true;
};

// Saves what a user would see when TAPELOOM_SHOT_DIR is set (docs and review).
void shot(QWidget* w, const QString& name) {
    const QString dir = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    QCoreApplication::processEvents(); // pending layouts (labels that just appeared)
    QVERIFY(w->grab().save(dir + "/" + name + ".png"));
}

QJsonArray json_array(const tltest::CliResult& r) {
    return r.json().array();
}

QJsonObject definition(const QJsonArray& list, const QString& name) {
    for (const auto& v : list)
        if (v.toObject().value("name").toString() == name) return v.toObject();
    return {};
}

// Rows of the history view (after its filters) as "name:status".
QStringList history_rows(tl::ui::HistoryPanel* h) {
    QStringList rows;
    auto* p = h->proxy();
    for (int r = 0; r < p->rowCount(); ++r)
        rows << p->index(r, tl::ui::JobHistoryModel::Name).data().toString() + ":" +
                    p->index(r, tl::ui::JobHistoryModel::Status).data(Qt::UserRole).toString();
    return rows;
}
} // namespace

// The Jobs page beside the real service of a temporary data directory with the default virtual
// library: every change goes through the service's typed door (the audit log names its routes,
// nothing goes through the command tunnel); a definition made in the dialog is what
// `tapeloom-cli job list` lists; the dialog
// refuses what the engine would refuse, next to the field; a schedule typed in the editor
// shows its next runs and is what `schedule list` lists; Run now runs the definition to the
// end and the history shows it, filterable by status; Remove asks first.
class TestJobsPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_jobs_page"));
        QSettings().clear();
        tl::log::ring();
        if (qEnvironmentVariable("TAPELOOM_SHOT_DARK") == QLatin1String("1")) {
            tltest::use_dark_palette();
        }
    }

    void defineScheduleRunFilterRemove() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        write(src + "/docs/a.txt", QByteArray(70000, 'a'));
        write(src + "/docs/b.txt", "bee");
        write(src + "/top.bin", QByteArray(200000, '\x42'));
        // The default virtual library with its blank cartridges labeled into the Default pool.
        auto labeled = run_cli(
            {"--home", home, "volume", "label", "--all-blank", "--pool", "Default", "--json"});
        QVERIFY2(labeled.exit_code == 0, labeled.err.constData());

        {
            Console c(home);
            QVERIFY(c.page);
            auto* page = c.page.get();

            // New: the defaults (2 drives × 4 sessions), a missing source refused in place.
            auto* dlg = page->newDefinition();
            QVERIFY(dlg);
            // The pools it offers are the service's (GET /v1/pools, GET /v1/libraries).
            QTRY_VERIFY_WITH_TIMEOUT(dlg->poolField()->findText(QStringLiteral("Default")) >= 0,
                                     20000);
            QCOMPARE(dlg->drivesField()->value(), 2);
            QCOMPARE(dlg->sessionsField()->value(), 4);
            QCOMPARE(dlg->poolField()->currentText(), QStringLiteral("Default"));
            dlg->nameField()->setText(QStringLiteral("nightly"));
            dlg->sourcesField()->setPlainText(dir.path() + "/no-such-folder");
            QVERIFY(!dlg->okButton()->isEnabled());
            QVERIFY(dlg->sourcesError()->message().contains(QStringLiteral("no-such-folder")));
            QVERIFY(dlg->reason().contains(QStringLiteral("does not exist")));
            shot(dlg, QStringLiteral("jobs_dialog"));
            dlg->sourcesField()->setPlainText(src);
            dlg->drivesField()->setValue(0);
            QVERIFY(!dlg->okButton()->isEnabled()); // drives < 1
            dlg->drivesField()->setValue(2);
            dlg->poolField()->setCurrentText(QStringLiteral("NoSuchPool"));
            QVERIFY(!dlg->okButton()->isEnabled());
            dlg->poolField()->setCurrentText(QStringLiteral("Default"));
            QVERIFY2(dlg->okButton()->isEnabled(), qPrintable(dlg->reason()));
            QSignalSpy closed(dlg, &QDialog::finished);
            QTest::mouseClick(dlg->okButton(), Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(closed.count(), 1, 20000);
            QCOMPARE(closed.first().first().toInt(), int(QDialog::Accepted));
            QCOMPARE(page->selectedName(), QStringLiteral("nightly"));
            QVERIFY(page->statusText().contains(QStringLiteral("nightly")));

            // A second definition with the same name is refused in the dialog.
            dlg = page->newDefinition();
            dlg->nameField()->setText(QStringLiteral("nightly"));
            dlg->sourcesField()->setPlainText(src);
            QVERIFY(!dlg->okButton()->isEnabled());
            QVERIFY(dlg->reason().contains(QStringLiteral("exists already")));
            dlg->reject();

            // A definition whose pre-command fails: its run fails before any backup.
            dlg = page->newDefinition();
            dlg->nameField()->setText(QStringLiteral("broken"));
            dlg->sourcesField()->setPlainText(src);
            for (auto* e : dlg->findChildren<QLineEdit*>())
                if (e->accessibleName() == QLatin1String("Pre-command"))
                    e->setText(QStringLiteral("echo quiesce failed; exit 3"));
            QVERIFY(dlg->definition().pre_command.find("exit 3") != std::string::npos);
            QTRY_VERIFY2_WITH_TIMEOUT(dlg->okButton()->isEnabled(), qPrintable(dlg->reason()),
                                      20000);
            QSignalSpy closed2(dlg, &QDialog::finished);
            QTest::mouseClick(dlg->okButton(), Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(closed2.count(), 1, 20000);
            QCOMPARE(page->definitionsModel()->rowCount(), 2);

            // Schedules: the rule is parsed as typed; the next five runs come from the engine.
            page->tabs()->setCurrentIndex(tl::ui::JobsPage::SchedulesTab);
            auto* sched = page->schedulePanel();
            sched->selectDefinition(QStringLiteral("nightly"));
            sched->ruleField()->setText(QStringLiteral("incr daily at 25:00"));
            QVERIFY(sched->ruleError()->message().contains(QStringLiteral("column")));
            QVERIFY(sched->previewRuns().isEmpty());
            sched->ruleField()->setText(QStringLiteral("full sun at 23:05; incr daily at 02:00"));
            QVERIFY(sched->ruleError()->message().isEmpty());
            QCOMPARE(sched->previewRuns().size(), 5);
            QVERIFY(sched->addSchedule());
            QTRY_COMPARE_WITH_TIMEOUT(sched->model()->rowCount(), 1, 20000);
            QCOMPARE(sched->model()->rows().front().definition, QStringLiteral("nightly"));
            QVERIFY(sched->model()->rows().front().nextRun > 0);
            sched->ruleField()->setText(QStringLiteral("incr mon-fri at 21:30"));
            shot(page, QStringLiteral("jobs_schedules"));

            // Run now, full: a schedule can still be added meanwhile (catalog work never waits
            // for a job); the queue shows the run.
            page->tabs()->setCurrentIndex(tl::ui::JobsPage::DefinitionsTab);
            QVERIFY(page->selectDefinition(QStringLiteral("nightly")));
            page->setLevel(QStringLiteral("full"));
            QSignalSpy started(page, &tl::ui::JobsPage::jobStarted);
            QSignalSpy finished(page, &tl::ui::JobsPage::jobFinished);
            QVERIFY(page->runNow());
            QCOMPARE(started.count(), 1);
            QCOMPARE(started.first().first().toString(), QStringLiteral("nightly"));
            QCOMPARE(c.gate.count(), 1); // the run is on the board
            QVERIFY(sched->addSchedule());
            QTRY_COMPARE_WITH_TIMEOUT(sched->model()->rowCount(), 2, 20000);
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
            const qint64 jobId = finished.first().at(0).toLongLong();
            QCOMPARE(finished.first().at(1).toString(), QStringLiteral("completed"));
            QVERIFY(jobId > 0);
            QVERIFY(page->statusText().contains(QStringLiteral("completed")));

            // The failing definition, level incr.
            QVERIFY(page->selectDefinition(QStringLiteral("broken")));
            page->setLevel(QStringLiteral("incr"));
            QVERIFY(page->runNow());
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
            QCOMPARE(finished.last().at(1).toString(), QStringLiteral("failed"));
            QVERIFY(page->statusText().contains(QStringLiteral("exit")) ||
                    page->statusText().contains(QStringLiteral("pre-command")));

            // History: both jobs; the status filter keeps only the matching one; Enter opens.
            page->tabs()->setCurrentIndex(tl::ui::JobsPage::HistoryTab);
            auto* history = page->historyPanel();
            QTRY_VERIFY(history->proxy()->rowCount() >= 2);
            QVERIFY(history_rows(history).contains(QStringLiteral("nightly:completed")));
            QVERIFY(history_rows(history).contains(QStringLiteral("broken:failed")));
            history->setStatusFilter(QStringLiteral("completed"));
            QCOMPARE(history_rows(history), QStringList{QStringLiteral("nightly:completed")});
            history->setStatusFilter(QStringLiteral("failed"));
            QCOMPARE(history_rows(history), QStringList{QStringLiteral("broken:failed")});
            history->setStatusFilter({});
            history->setLevelFilter(QStringLiteral("full"));
            QCOMPARE(history_rows(history), QStringList{QStringLiteral("nightly:completed")});
            history->setLevelFilter({});
            QSignalSpy open(page, &tl::ui::JobsPage::openReport);
            history->table()->setFocus();
            for (int r = 0; r < history->proxy()->rowCount(); ++r)
                if (history->proxy()->index(r, tl::ui::JobHistoryModel::Id).data().toLongLong() ==
                    jobId)
                    history->table()->setCurrentIndex(history->proxy()->index(r, 0));
            QTest::keyClick(history->table(), Qt::Key_Return);
            QCOMPARE(open.count(), 1);
            QCOMPARE(open.first().first().toLongLong(), jobId);
            shot(page, QStringLiteral("jobs_history"));

            // Remove, asked first: "no" keeps it, "yes" removes it.
            page->tabs()->setCurrentIndex(tl::ui::JobsPage::DefinitionsTab);
            QVERIFY(page->selectDefinition(QStringLiteral("broken")));
            shot(page, QStringLiteral("jobs"));
            c.answer = false;
            QVERIFY(!page->removeSelected());
            QCOMPARE(c.questions.size(), 1);
            QVERIFY(c.questions.first().contains(QStringLiteral("broken")));
            c.answer = true;
            QVERIFY(page->removeSelected());
            QTRY_COMPARE_WITH_TIMEOUT(page->definitionsModel()->rowCount(), 1, 20000);
            QCOMPARE(page->definitionsModel()->rows().front().def.name, std::string("nightly"));

            // Each change went through its route of the typed door.
            QCOMPARE(tltest::audited(home, "POST", "/v1/definitions"), 2);
            QCOMPARE(tltest::audited(home, "POST", "/v1/schedules"), 2);
            QCOMPARE(tltest::audited(home, "POST", "/v1/backups"), 2);
            QCOMPARE(tltest::audited(home, "DELETE", "/v1/definitions/broken"), 1);
            QCOMPARE(tltest::tunnelled(home), 0);
            // The dialog's reads went through the typed door too.
            QVERIFY(tltest::queried(home, "/v1/pools") > 0);
            QVERIFY(tltest::queried(home, "/v1/libraries") > 0);
        }

        // What the CLI sees once the console has closed.
        auto list = run_cli({"--home", home, "job", "list", "--json"});
        QVERIFY2(list.exit_code == 0, list.err.constData());
        const auto defs = json_array(list);
        QCOMPARE(defs.size(), 1);
        const auto nightly = definition(defs, QStringLiteral("nightly"));
        QCOMPARE(nightly.value("drives").toInt(), 2);
        QCOMPARE(nightly.value("sessions_per_drive").toInt(), 4);
        QCOMPARE(nightly.value("sources").toArray().first().toString(), src);
        QCOMPARE(nightly.value("schedules").toInt(), 2); // one added while the job ran
        QVERIFY(definition(defs, QStringLiteral("broken")).isEmpty());
        auto schedules = run_cli({"--home", home, "schedule", "list", "--json"});
        QVERIFY2(schedules.exit_code == 0, schedules.err.constData());
        QCOMPARE(json_array(schedules).size(), 2);
        QStringList rules;
        for (const auto& r : json_array(schedules))
            rules << r.toObject().value("rule").toString();
        QVERIFY(rules.contains(QStringLiteral("full sun at 23:05; incr daily at 02:00")));
        QVERIFY(rules.contains(QStringLiteral("incr mon-fri at 21:30")));
        auto jobs = run_cli({"--home", home, "jobs", "list", "--json"});
        QVERIFY2(jobs.exit_code == 0, jobs.err.constData());
        bool completed = false;
        for (const auto& j : json_array(jobs))
            completed |= j.toObject().value("name").toString() == QLatin1String("nightly") &&
                         j.toObject().value("status").toString() == QLatin1String("completed") &&
                         j.toObject().value("level").toString() == QLatin1String("full");
        QVERIFY(completed);
    }

    // Edit keeps the name and stores the change; Cancel in the Queue tab stops this page's run.
    void editAndCancelARun() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        for (int i = 0; i < 40; ++i)
            write(src + QStringLiteral("/f%1.bin").arg(i), QByteArray(400000, char('a' + i % 26)));
        // A slow source beside the files: the run is still going when Cancel is pressed.
        const QString slow = QString::fromStdString(tltest::slow_source(400));
        QCOMPARE(
            run_cli({"--home", home, "job", "define", "big", src, slow, "--drives", "1"}).exit_code,
            0);
        {
            Console c(home);
            QVERIFY(c.page);
            auto* page = c.page.get();
            // Read from the service on a worker thread once the page shows.
            QTRY_COMPARE_WITH_TIMEOUT(page->definitionsModel()->rowCount(), 1, 20000);
            QVERIFY(page->selectDefinition(QStringLiteral("big")));
            // The keyboard: Delete asks (answered no), Ctrl+N opens a new definition.
            QApplication::setActiveWindow(page);
            QVERIFY(QTest::qWaitForWindowActive(page));
            page->definitionsTable()->setFocus();
            c.answer = false;
            QTest::keyClick(page->definitionsTable(), Qt::Key_Delete);
            QCOMPARE(c.questions.size(), 1);
            c.answer = true;
            QTest::keyClick(page->definitionsTable(), Qt::Key_N, Qt::ControlModifier);
            QVERIFY(page->dialog());
            QCOMPARE(page->dialog()->nameField()->isReadOnly(), false);
            page->dialog()->reject();
            auto* dlg = page->editSelected();
            QVERIFY(dlg);
            QVERIFY(dlg->nameField()->isReadOnly());
            dlg->sessionsField()->setValue(2);
            QTRY_VERIFY2_WITH_TIMEOUT(dlg->okButton()->isEnabled(), qPrintable(dlg->reason()),
                                      20000);
            QSignalSpy closed(dlg, &QDialog::finished);
            QTest::mouseClick(dlg->okButton(), Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(closed.count(), 1, 20000);
            QCOMPARE(page->definitionsModel()->rows().front().def.sessions_per_drive,
                     std::size_t(2));

            // Run, then cancel it from the Queue tab (confirmed).
            auto* d = page->definitionsModel();
            QCOMPARE(d->rowCount(), 1);
            page->setLevel(QStringLiteral("full"));
            QSignalSpy finished(page, &tl::ui::JobsPage::jobFinished);
            QVERIFY(page->runNow());
            page->tabs()->setCurrentIndex(tl::ui::JobsPage::QueueTab);
            auto* queue = page->queuePanel();
            queue->refresh();
            QTRY_COMPARE_WITH_TIMEOUT(queue->model()->rowCount(), 1, 20000);
            QCOMPARE(queue->model()->entry(0).definition, std::string("big"));
            queue->table()->setCurrentIndex(queue->model()->index(0, 0));
            shot(page, QStringLiteral("jobs_queue"));
            QVERIFY(queue->cancelSelected());
            QVERIFY(c.questions.last().contains(QStringLiteral("big")));
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
            // Cancelled, unless the small backup had already ended.
            const QString status = finished.first().at(1).toString();
            qInfo("the cancelled run ended as %s", qPrintable(status));
            QVERIFY2(status == QLatin1String("cancelled") || status == QLatin1String("completed"),
                     qPrintable(status));
            QTRY_COMPARE_WITH_TIMEOUT(queue->model()->rowCount(), 0, 20000);
            QCOMPARE(tltest::audited(home, "PUT", "/v1/definitions/big"), 1);
            QCOMPARE(tltest::audited(home, "POST", "/v1/backups"), 1);
            QCOMPARE(tltest::audited(home, "POST", "/v1/queue/[0-9]+/cancel"), 1);
            QCOMPARE(tltest::tunnelled(home), 0);
        }
        auto show = run_cli({"--home", home, "job", "show", "big", "--json"});
        QVERIFY2(show.exit_code == 0, show.err.constData());
        QCOMPARE(show.json().object().value("sessions_per_drive").toInt(), 2);
    }

    // The Definitions tab is the service's (GET /v1/definitions through the typed door): its
    // definitions with their pools and schedules; with the service stopped the page says it
    // cannot read them instead of reading the catalog file it could open itself.
    void definitionsAreTheServices() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        write(src + QStringLiteral("/a.bin"), QByteArray(1000, 'a'));
        QCOMPARE(run_cli({"--home", home, "job", "define", "nightly", src}).exit_code, 0);
        QCOMPARE(run_cli({"--home", home, "job", "define", "weekly", src}).exit_code, 0);
        QCOMPARE(
            run_cli({"--home", home, "schedule", "add", "weekly", "full sun at 03:00"}).exit_code,
            0);
        Console c(home);
        QVERIFY(c.page);
        auto* page = c.page.get();
        tl::client::ServiceClient client(home.toStdString());
        auto served = tl::client::ServiceApi(client).definitions();
        QVERIFY2(served, served ? "" : served.error().message.c_str());
        QCOMPARE(served->size(), std::size_t(2));
        QTRY_COMPARE_WITH_TIMEOUT(page->definitionsModel()->rowCount(), 2, 20000);
        for (const auto& d : served.value()) {
            const int row = page->definitionsModel()->rowOf(QString::fromStdString(d.name));
            QVERIFY2(row >= 0, d.name.c_str());
            const auto& shown = page->definitionsModel()->rows()[std::size_t(row)];
            QCOMPARE(shown.def.pool, d.pool);
            QCOMPARE(shown.def.sources, d.sources);
            QCOMPARE(shown.schedules, int(d.schedules.size()));
            QCOMPARE(shown.nextRun > 0, !d.schedules.empty());
        }
        // The Schedules tab: the service's schedules (GET /v1/schedules).
        auto schedules = tl::client::ServiceApi(client).schedules();
        QVERIFY(schedules && schedules->size() == 1);
        page->tabs()->setCurrentIndex(tl::ui::JobsPage::SchedulesTab);
        auto* sched = page->schedulePanel();
        QTRY_COMPARE_WITH_TIMEOUT(sched->model()->rowCount(), 1, 20000);
        QCOMPARE(sched->model()->rows().front().id, qint64(schedules->front().id));
        QCOMPARE(sched->model()->rows().front().rule,
                 QString::fromStdString(schedules->front().rule));

        QCOMPARE(run_cli({"--home", home, "service", "stop"}).exit_code, 0);
        page->tabs()->setCurrentIndex(tl::ui::JobsPage::DefinitionsTab);
        page->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(
            page->statusText().contains(QStringLiteral("Cannot read the job definitions")), 30000);
        QVERIFY2(page->statusText().contains(QStringLiteral("service")),
                 qPrintable(page->statusText()));
        QCOMPARE(page->definitionsModel()->rowCount(), 2); // the rows it showed stay
        sched->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(
            page->statusText().contains(QStringLiteral("Cannot read the schedules")), 30000);
    }

    // Queue and Running are the service's (GET /v1/queue, GET /v1/live through the typed door):
    // a run holding every drive is running in both tabs, run by the scheduler service; a second
    // run that needs a drive is queued as the service holds it; Cancel of the queued one goes
    // through POST /v1/queue/{id}/cancel. With the service gone, both tabs say they cannot read
    // it instead of showing an empty table.
    void queueAndRunningAreTheServices() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        write(src + QStringLiteral("/a.bin"), QByteArray(1000, 'a'));
        const QString slow = QString::fromStdString(tltest::slow_source(600));
        QCOMPARE(run_cli({"--home", home, "job", "define", "hog", slow, "--drives", "4"}).exit_code,
                 0);
        QCOMPARE(
            run_cli({"--home", home, "job", "define", "small", src, "--drives", "1"}).exit_code, 0);
        Console c(home);
        QVERIFY(c.page);
        auto* page = c.page.get();
        tl::client::ServiceClient client(home.toStdString());
        tl::client::ServiceApi api(client);
        auto hog = api.queue_backup({"hog", "full"});
        QVERIFY2(hog, hog ? "" : hog.error().message.c_str());
        auto stateInService = [&api](std::int64_t id) {
            auto run = api.queued_run(id);
            return run ? run->state : run.error().message;
        };
        QTRY_COMPARE_WITH_TIMEOUT(stateInService(hog.value()), std::string("running"), 20000);
        auto small = api.queue_backup({"small", "full"});
        QVERIFY2(small, small ? "" : small.error().message.c_str());
        QCOMPARE(stateInService(small.value()), std::string("queued")); // no drive is free

        // Running: the hog, run by the scheduler service, with its figures.
        page->tabs()->setCurrentIndex(tl::ui::JobsPage::RunningTab);
        auto* running = page->runningPanel();
        auto* live = running->model();
        QTRY_VERIFY_WITH_TIMEOUT(live->rowCount() == 1 && live->job(0).name == "hog", 20000);
        QCOMPARE(live->index(0, tl::ui::RunningTableModel::RunBy).data().toString(),
                 QStringLiteral("scheduler service"));
        QVERIFY(running->cancelButton()->isEnabled());

        // Queue: the hog running, the small run queued behind it, as the service holds them.
        page->tabs()->setCurrentIndex(tl::ui::JobsPage::QueueTab);
        auto* queue = page->queuePanel();
        auto* rows = queue->model();
        auto stateOf = [rows](const std::string& name) {
            for (int r = 0; r < rows->rowCount(); ++r)
                if (rows->entry(r).definition == name)
                    return rows->index(r, tl::ui::QueueTableModel::State).data().toString();
            return QString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(rows->rowCount(), 2, 20000);
        QCOMPARE(stateOf("hog"), QStringLiteral("running"));
        QCOMPARE(stateOf("small"), QStringLiteral("queued"));
        for (int r = 0; r < rows->rowCount(); ++r)
            QVERIFY(rows->entry(r).id == hog.value() || rows->entry(r).id == small.value());
        QVERIFY(queue->serviceLine()->text().contains(QStringLiteral("running")));
        shot(page, QStringLiteral("jobs_queue_waiting"));

        // Cancel the queued one from the tab: gone from the service's queue.
        for (int r = 0; r < rows->rowCount(); ++r)
            if (rows->entry(r).definition == "small")
                queue->table()->setCurrentIndex(rows->index(r, 0));
        QVERIFY(queue->cancelSelected());
        QTRY_COMPARE_WITH_TIMEOUT(rows->rowCount(), 1, 20000);
        QCOMPARE(rows->entry(0).definition, std::string("hog"));
        QCOMPARE(tltest::audited(home, "POST", "/v1/queue/[0-9]+/cancel"), 1);
        QVERIFY(tltest::queried(home, "/v1/queue") > 0);
        QVERIFY(tltest::queried(home, "/v1/live") > 0);
        QCOMPARE(tltest::tunnelled(home), 0);

        // The service gone (its jobs cancelled): each tab says so and keeps what it showed.
        QCOMPARE(run_cli({"--home", home, "service", "stop"}).exit_code, 0);
        queue->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(
            page->statusText().contains(QStringLiteral("Cannot read the queue")), 30000);
        QVERIFY(queue->serviceLine()->text().contains(QStringLiteral("cannot be read")));
        QCOMPARE(rows->rowCount(), 1);
        page->tabs()->setCurrentIndex(tl::ui::JobsPage::RunningTab);
        QTRY_VERIFY_WITH_TIMEOUT(
            running->hint()->text().contains(QStringLiteral("Cannot read the running jobs")),
            30000);
        QTRY_VERIFY_WITH_TIMEOUT(
            page->statusText().contains(QStringLiteral("Cannot read the running jobs")), 30000);
    }
};

QTEST_MAIN(TestJobsPage)
#include "test_jobs_page.moc"
