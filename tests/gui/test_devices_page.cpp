#include <QtTest>

#include "dark_palette.h"
#include "gui_service.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "pages/devices/device_add_dialog.h"
#include "pages/devices/devices_page.h"
#include "pages/devices/drive_table_model.h"
#include "pages/devices/library_table_model.h"

using tltest::run_cli;
using tltest::with_home;

namespace {
// Drive names as `tapeloom-cli drive status --json` lists them (the CLI has no `drive list`;
// status lists every configured drive).
QStringList cli_drives(const QString& home) {
    const auto r = run_cli({"--home", home, "drive", "status", "--json"});
    if (r.exit_code != 0) qWarning("cli: %s", r.err.constData());
    QStringList names;
    for (const auto& d : r.json().object().value("drives").toArray())
        names << d.toObject().value("name").toString();
    return names;
}

tl::ui::DeviceSpec spec(tl::ui::DeviceSpec::Kind kind, const QString& name,
                        const QString& device = {}) {
    tl::ui::DeviceSpec s;
    s.kind = kind;
    s.name = name;
    s.device = device;
    s.capacity = 64ull << 20;
    return s;
}
} // namespace

// The Devices page of a console beside the real service of a data directory with the default
// virtual library: a null and a virtual drive added from the page appear in `tapeloom-cli drive
// status`; removing one makes it disappear there, each change through the service's typed door
// (POST /v1/drives, DELETE /v1/drives/{name} in the audit log, nothing tunnelled); an st drive
// whose device node does not exist is refused in the page and nothing is added; a library's
// drive cannot be removed alone; a busy console refuses inline.
class TestDevicesPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(settingsDir_.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_devices_page"));
        tl::log::ring();
        if (qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK")) tltest::use_dark_palette();
    }

    void tapeAlertHealth() {
        // A hardware flag raised at a backup's load: the page says the drive is out of service
        // and why, and shows the flag.
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QFile f(src + "/data.bin");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(1 << 20, 'y'));
        f.close();
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        QCOMPARE(run_cli({"--home", home, "library", "fault", "--drive", "0", "--tapealert", "30"})
                     .exit_code,
                 0);
        const auto backup = run_cli({"--home", home, "backup", "--source", src, "--drives", "1"});
        QVERIFY2(backup.exit_code == 0 || backup.exit_code == 8, backup.err.constData());
        tl::ui::TaskBoard gate;
        auto page = std::make_unique<tl::ui::DevicesPage>(c.ctx, gate);
        page->show();
        QTRY_COMPARE(page->drivesModel()->rowCount(), 4);
        auto* model = page->drivesModel();
        const int row = model->rowOf(QStringLiteral("vlib0-drive0"));
        QVERIFY(row >= 0);
        const auto status =
            model->data(model->index(row, tl::ui::DriveTableModel::Status)).toString();
        QVERIFY2(status.contains(QStringLiteral("TapeAlert 30 Hardware A")), qPrintable(status));
        const auto health =
            model->data(model->index(row, tl::ui::DriveTableModel::Health)).toString();
        QVERIFY2(health.startsWith(QStringLiteral("30 Hardware A (critical) at load")),
                 qPrintable(health));
        const int other = model->rowOf(QStringLiteral("vlib0-drive1"));
        QVERIFY(
            model->data(model->index(other, tl::ui::DriveTableModel::Health)).toString().isEmpty());
    }

    void addListRemove() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        // A real backup first, so the counters have something to count.
        QVERIFY(QDir().mkpath(src));
        QFile f(src + "/data.bin");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(3 << 20, 'x'));
        f.close();
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        const auto backup = run_cli({"--home", home, "backup", "--source", src, "--drives", "2"});
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        tl::ui::TaskBoard gate;
        auto page = std::make_unique<tl::ui::DevicesPage>(c.ctx, gate);
        page->setConfirm([](const QString&) { return true; });
        QSignalSpy done(page.get(), &tl::ui::DevicesPage::actionFinished);
        page->show();
        QTRY_COMPARE(page->drivesModel()->rowCount(), 4); // vlib0-drive0..3
        QCOMPARE(page->librariesModel()->rowCount(), 1);
        QCOMPARE(page->librariesModel()->libraries().first().storageSlots, 24);
        quint64 written = 0;
        qint64 mounts = 0;
        for (const auto& d : page->drivesModel()->drives()) {
            written += d.bytesWritten;
            mounts += d.mounts;
        }
        QVERIFY(written >= (3u << 20)); // the job reports' block bytes, per drive
        QVERIFY(mounts >= 1);
        const auto used =
            std::find_if(page->drivesModel()->drives().begin(), page->drivesModel()->drives().end(),
                         [](const tl::ui::DriveInfo& d) { return d.bytesWritten > 0; });
        QVERIFY(used != page->drivesModel()->drives().end());
        QVERIFY(used->blockSize > 0); // of its last session, from the catalog
        // A drive added through the CLI meanwhile is listed at the next read: the page shows
        // what the service holds, read through its typed GET routes.
        QCOMPARE(run_cli({"--home", home, "drive", "add", "--null", "--name", "cli0"}).exit_code,
                 0);
        QTRY_VERIFY(page->drivesModel()->rowOf(QStringLiteral("cli0")) >= 0);
        for (const char* route :
             {"/v1/drives", "/v1/libraries", "/v1/libraries/[^/]+/inventory", "/v1/volumes"})
            QVERIFY2(tltest::queried(home, QString::fromLatin1(route)) > 0, route);
        QCOMPARE(tltest::queried(home), 0);

        using Kind = tl::ui::DeviceSpec::Kind;
        QVERIFY(page->addDevice(spec(Kind::NullDrive, QStringLiteral("null1"))));
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(done.last().first().toString(), QString());
        QVERIFY(page->addDevice(spec(Kind::VirtualDrive, QStringLiteral("vd1"))));
        QTRY_COMPARE(done.count(), 2);
        QCOMPARE(done.last().first().toString(), QString());
        QTRY_VERIFY(page->drivesModel()->rowOf(QStringLiteral("vd1")) >= 0);
        QVERIFY(page->drivesModel()->rowOf(QStringLiteral("null1")) >= 0);

        // Refused inline, nothing added: a device node that does not exist (page and dialog),
        // a name taken, a drive of a library, a busy console.
        const QString missing = dir.path() + "/nst-missing";
        QVERIFY(!page->addDevice(spec(Kind::StDrive, QStringLiteral("tape9"), missing)));
        QVERIFY(page->status().contains(missing));
        {
            tl::ui::DeviceAddDialog dialog(QStringList{QStringLiteral("vd1")});
            dialog.setKind(Kind::StDrive);
            dialog.name()->setText(QStringLiteral("tape9"));
            dialog.device()->setText(missing);
            QVERIFY(dialog.problem().contains(QStringLiteral("does not exist")));
            auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
            QVERIFY(!ok->isEnabled());
            dialog.setKind(Kind::NullDrive);
            dialog.name()->setText(QStringLiteral("vd1"));
            QVERIFY(dialog.problem().contains(QStringLiteral("exists already")));
            dialog.name()->setText(QStringLiteral("null2"));
            QVERIFY(dialog.problem().isEmpty());
            QVERIFY(ok->isEnabled());
        }
        QVERIFY(!page->addDevice(spec(Kind::NullDrive, QStringLiteral("vd1"))));
        QVERIFY(!page->removeDrive(QStringLiteral("vlib0-drive0")));
        QVERIFY(page->status().contains(QStringLiteral("vlib0")));
        // Removing a device runs alone: refused while a job of the console runs, naming it.
        const qint64 labeling = gate.begin(QStringLiteral("Labeling"));
        QVERIFY(labeling);
        QVERIFY(!page->removeDrive(QStringLiteral("vd1")));
        QVERIFY(page->status().contains(QStringLiteral("Labeling")));
        gate.end(labeling);
        // No button that does nothing: every button of the page acts (no Edit, issue 18).
        for (auto* b : page->findChildren<QPushButton*>())
            QVERIFY2(!b->text().contains(QStringLiteral("Edit")), qPrintable(b->text()));

        // The counters and status columns hold what the devices say.
        const int vd = page->drivesModel()->rowOf(QStringLiteral("vd1"));
        const auto status =
            page->drivesModel()->index(vd, tl::ui::DriveTableModel::Status).data().toString();
        QVERIFY2(!status.startsWith(QStringLiteral("error")), qPrintable(status));
        if (!qEnvironmentVariableIsEmpty("TAPELOOM_SHOT_DIR")) {
            const QString shots = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
            QDir().mkpath(shots);
            page->resize(1280, 860);
            QTest::qWait(50);
            const bool dark = qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK");
            QVERIFY(page->grab().save(shots + (dark ? "/devices-dark.png" : "/devices.png")));
        }

        // The CLI, through the same service, sees what the page did, which went through the
        // typed door: both drives added by POST /v1/drives (and the CLI's cli0), the refusals
        // never reached it.
        QTRY_VERIFY(!gate.busy());
        QVERIFY(gate.waitReadsDone(60000));
        page.reset();
        QCOMPARE(tltest::tunnelled(home), 0);
        auto names = cli_drives(home);
        QVERIFY2(names.contains("null1") && names.contains("vd1"), qPrintable(names.join(',')));
        QVERIFY(!names.contains("tape9") && !names.contains("null3"));
        QCOMPARE(tltest::audited(home, "POST", "/v1/drives"), 3);
        QCOMPARE(tltest::audited(home, "POST", "/v1/drives", true), 0);

        const int tunnelledByCli = tltest::tunnelled(home);
        page = std::make_unique<tl::ui::DevicesPage>(c.ctx, gate);
        QStringList asked;
        page->setConfirm([&asked](const QString& q) {
            asked << q;
            return true;
        });
        QSignalSpy removed(page.get(), &tl::ui::DevicesPage::actionFinished);
        page->show();
        QTRY_VERIFY(page->drivesModel()->rowOf(QStringLiteral("null1")) >= 0);
        // Through the selection and the Remove action, as a user would.
        auto* view = page->drivesView();
        const auto at = view->model()->match(view->model()->index(0, 0), Qt::DisplayRole,
                                             QStringLiteral("null1"), 1, Qt::MatchExactly);
        QCOMPARE(at.size(), 1);
        view->selectRow(at.first().row());
        page->removeSelected();
        QCOMPARE(asked.size(), 1);
        QVERIFY(asked.first().contains(QStringLiteral("null1")));
        QTRY_COMPARE(removed.count(), 1);
        QCOMPARE(removed.first().first().toString(), QString());
        QTRY_VERIFY(page->drivesModel()->rowOf(QStringLiteral("null1")) < 0);
        QTRY_VERIFY(!gate.busy());
        QVERIFY(gate.waitReadsDone(60000));
        page.reset();
        // Only the CLI's `drive status` of this test went through the tunnel, not the page.
        QCOMPARE(tltest::tunnelled(home), tunnelledByCli);
        names = cli_drives(home);
        QVERIFY(!names.contains("null1"));
        QVERIFY(names.contains("vd1"));
        QCOMPARE(tltest::audited(home, "DELETE", "/v1/drives/null1"), 1);
    }

private:
    QTemporaryDir settingsDir_;
};

QTEST_MAIN(TestDevicesPage)
#include "test_devices_page.moc"
