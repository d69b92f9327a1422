#include <QtTest>

#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "pages/jobs/schedule_panel.h"
#include "pages/jobs/schedule_table_model.h"
#include "widgets/message_line.h"

using tltest::run_cli;

namespace {
QJsonObject schedule(const QString& home, qint64 id) {
    const auto r = run_cli({"--home", home, "schedule", "list", "--json"});
    if (r.exit_code != 0) qWarning("schedule list: %s", r.err.constData());
    for (const auto& v : r.json().array())
        if (v.toObject().value("id").toInteger() == id) return v.toObject();
    return {};
}
} // namespace

// Issue 18, item 16: a schedule has a name; a saved schedule can be selected, shows its next
// runs and is edited in place (what `tapeloom-cli schedule list` then lists); the preview shows
// the next run of every level of the rule, so a weekly or yearly full is in view behind the
// nightly incrementals. Real engine on a temporary data directory; the CLI reads the catalog.
class TestScheduleEditing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void namedScheduleIsSelectedEditedAndListed() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        QVERIFY(QDir().mkpath(dir.path() + "/src"));
        auto r = run_cli({"--home", home, "job", "define", "nightly", dir.path() + "/src"});
        QVERIFY2(r.exit_code == 0, r.err.constData());

        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        qint64 id = 0;
        {
            tl::ui::SchedulePanel panel(c.ctx, gate);
            panel.setDefinitions({QStringLiteral("nightly")});
            panel.resize(1000, 700);
            panel.show();
            QSignalSpy changed(&panel, &tl::ui::SchedulePanel::changed);

            panel.nameField()->setText(QStringLiteral("weeknights"));
            panel.ruleField()->setText(QStringLiteral("incr mon-sat at 23:05"));
            QVERIFY(panel.addSchedule());
            QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 20000);
            QCOMPARE(panel.model()->rowCount(), 1);
            id = panel.model()->rows().front().id;
            QCOMPARE(panel.model()->rows().front().name, QStringLiteral("weeknights"));

            // Selecting it fills the editor and shows its next runs.
            panel.ruleField()->clear();
            panel.nameField()->clear();
            panel.table()->setCurrentIndex(panel.table()->model()->index(0, 0));
            QCOMPARE(panel.ruleField()->text(), QStringLiteral("incr mon-sat at 23:05"));
            QCOMPARE(panel.nameField()->text(), QStringLiteral("weeknights"));
            QCOMPARE(panel.previewRuns().size(), 5);
            QVERIFY(panel.saveButton()->isEnabled());

            // Edited in place: same id, new name and rule.
            panel.nameField()->setText(QStringLiteral("weekdays"));
            panel.ruleField()->setText(QStringLiteral("incr mon-fri at 21:30"));
            QVERIFY(panel.saveSelected());
            QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 20000);
            QCOMPARE(panel.model()->rowCount(), 1);
            QCOMPARE(panel.model()->rows().front().id, id);
            QCOMPARE(panel.model()->rows().front().name, QStringLiteral("weekdays"));
            (gate.waitUntilIdle(20000) && gate.waitReadsDone(20000));
        }
        QCOMPARE(tltest::audited(home, "POST", "/v1/schedules"), 1);
        QCOMPARE(tltest::audited(home, "PATCH", "/v1/schedules/[0-9]+"), 1);
        QCOMPARE(tltest::tunnelled(home), 0);
        const auto edited = schedule(home, id);
        QCOMPARE(edited.value("name").toString(), QStringLiteral("weekdays"));
        QCOMPARE(edited.value("rule").toString(), QStringLiteral("incr mon-fri at 21:30"));

        // The CLI edits the same way; a bad rule is refused and changes nothing.
        r = run_cli({"--home", home, "schedule", "edit", QString::number(id), "--name", "late"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(schedule(home, id).value("name").toString(), QStringLiteral("late"));
        QCOMPARE(schedule(home, id).value("rule").toString(),
                 QStringLiteral("incr mon-fri at 21:30"));
        r = run_cli({"--home", home, "schedule", "edit", QString::number(id), "incr", "mon", "at",
                     "25:00"});
        QCOMPARE(r.exit_code, 2);
        QCOMPARE(schedule(home, id).value("rule").toString(),
                 QStringLiteral("incr mon-fri at 21:30"));
        r = run_cli({"--home", home, "schedule", "edit", "999", "--name", "x"});
        QCOMPARE(r.exit_code, 3);
    }

    void previewReachesEveryLevelOfTheRule() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        QVERIFY(QDir().mkpath(dir.path() + "/src"));
        auto r = run_cli({"--home", home, "job", "define", "nightly", dir.path() + "/src"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        tl::ui::SchedulePanel panel(c.ctx, gate);
        panel.setDefinitions({QStringLiteral("nightly")});
        // Nightly incrementals, a yearly full: the full is never among the next five runs
        // (unless it is the last days of December, when it is anyway).
        panel.ruleField()->setText(QStringLiteral("full 1 in jan at 01:00; incr daily at 23:00"));
        QVERIFY(panel.ruleError()->message().isEmpty());
        QCOMPARE(panel.previewRuns().size(), 5);
        const QString shown = panel.nextRuns()->message();
        QVERIFY2(shown.contains(QStringLiteral("full")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("incr")), qPrintable(shown));
    }
};

QTEST_MAIN(TestScheduleEditing)
#include "test_schedule_editing.moc"
