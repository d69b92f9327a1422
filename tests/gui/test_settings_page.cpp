#include <QtTest>

#include "dark_palette.h"
#include "gui_service.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>

#include "audit_log.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "context/engine.h"
#include "pages/settings/job_defaults_box.h"
#include "pages/settings/settings_page.h"
#include "widgets/units_format.h"

namespace {

void shoot(QWidget& page, const QString& name) {
    const QString dir = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    page.resize(1280, 860);
    QVERIFY(page.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
}
} // namespace

// The Settings page of a console beside the real service, with a QSettings file in a temporary
// folder: every change lands in QSettings under the shared keys, the poll interval is announced,
// and wrong values (0 ms, a data directory that cannot be written, a compression the engine does
// not know) are refused in the page and not stored.
class TestSettingsPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(settingsDir_.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_settings_page"));
        QSettings().clear();
        tl::log::ring();
        if (qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK")) tltest::use_dark_palette();
    }

    void changesAreStoredAndBadInputIsRefused() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard gate;
        tl::ui::SettingsPage page(c.ctx, gate);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSettings settings;
        QVERIFY(settings.fileName().startsWith(settingsDir_.path()));

        // The poll interval: stored, announced once; 0 ms refused inline, nothing stored.
        QSignalSpy poll(&page, &tl::ui::SettingsPage::pollIntervalChanged);
        page.pollInterval()->setValue(250);
        QMetaObject::invokeMethod(page.pollInterval(), "editingFinished");
        QCOMPARE(poll.count(), 1);
        QCOMPARE(poll.first().first().toInt(), 250);
        QCOMPARE(QSettings().value("ui/pollIntervalMs").toInt(), 250);
        QVERIFY(!page.setPollInterval(0));
        QVERIFY(page.status().contains(QStringLiteral("100")));
        QCOMPARE(QSettings().value("ui/pollIntervalMs").toInt(), 250);
        QCOMPARE(page.pollInterval()->value(), 250);
        QCOMPARE(poll.count(), 1);

        // Units: "iec" stored and the shared formatter follows.
        const int iec = page.units()->findData(QStringLiteral("iec"));
        QVERIFY(iec >= 0);
        page.units()->setCurrentIndex(iec);
        QMetaObject::invokeMethod(page.units(), "activated", Q_ARG(int, iec));
        QCOMPARE(QSettings().value("ui/units").toString(), QStringLiteral("iec"));
        QVERIFY(tl::ui::formatRate(1048576.0 * 10).contains(QStringLiteral("MiB/s")));
        QVERIFY(tl::ui::formatBytes(1536).contains(QStringLiteral("KiB")));
        QVERIFY(page.setUnits(QStringLiteral("si")));
        QCOMPARE(QSettings().value("ui/units").toString(), QStringLiteral("si"));
        QVERIFY(tl::ui::formatRate(12.5e6).contains(QStringLiteral("MB/s")));

        // The data directory for the next start: a writable folder is stored; one that cannot
        // be written (/proc refuses files even to root) and a relative path are refused.
        const QString next = dir.path() + "/next-home";
        page.nextDataDirectory()->setText(next);
        QMetaObject::invokeMethod(page.nextDataDirectory(), "editingFinished");
        QCOMPARE(QSettings().value("app/home").toString(), next);
        QVERIFY(!page.setNextDataDirectory(QStringLiteral("/proc")));
        QVERIFY(page.status().contains(QStringLiteral("/proc")));
        QVERIFY(!page.setNextDataDirectory(QStringLiteral("relative/dir")));
        QCOMPARE(QSettings().value("app/home").toString(), next);
        // The folder chooser, answered without a dialog.
        const QString chosen = dir.path() + "/chosen";
        QVERIFY(QDir().mkpath(chosen));
        page.setFolderChooser([chosen](const QString&) { return chosen; });
        auto* choose = page.findChild<QPushButton*>();
        QVERIFY(choose);
        QTest::mouseClick(choose, Qt::LeftButton);
        QCOMPARE(QSettings().value("app/home").toString(), chosen);
        QVERIFY(page.setNextDataDirectory(QString())); // back to the default
        QVERIFY(!QSettings().contains("app/home"));

        // Defaults for new jobs.
        auto* d = page.jobDefaults();
        QTRY_VERIFY(d->pool()->findText(QStringLiteral("Default")) >= 0); // from the service
        // A pool added through the CLI is offered at the next read: the page reads what the
        // service holds, through its typed GET route.
        const auto added = tltest::run_cli(tltest::with_home(home, {"pool", "add", "Monthly"}));
        QVERIFY2(added.exit_code == 0, added.err.constData());
        page.refreshPools();
        QTRY_VERIFY(d->pool()->findText(QStringLiteral("Monthly")) >= 0);
        QVERIFY(tltest::queried(home, QStringLiteral("/v1/pools")) > 0);
        QCOMPARE(tltest::queried(home), 0);
        d->drives()->setValue(3);
        d->sessionsPerDrive()->setValue(6);
        d->blockSizeKiB()->setValue(512);
        const int full = d->level()->findData(QStringLiteral("full"));
        d->level()->setCurrentIndex(full);
        QMetaObject::invokeMethod(d->level(), "activated", Q_ARG(int, full));
        const int scratch = d->pool()->findText(QStringLiteral("Scratch"));
        QVERIFY(scratch >= 0);
        d->pool()->setCurrentIndex(scratch);
        QMetaObject::invokeMethod(d->pool(), "activated", Q_ARG(int, scratch));
        d->compression()->setCurrentText(QStringLiteral("zstd:5"));
        QVERIFY(d->applyCompression());
        QCOMPARE(QSettings().value("defaults/drives").toInt(), 3);
        QCOMPARE(QSettings().value("defaults/sessionsPerDrive").toInt(), 6);
        QCOMPARE(QSettings().value("defaults/blockSizeKiB").toInt(), 512);
        QCOMPARE(QSettings().value("defaults/level").toString(), QStringLiteral("full"));
        QCOMPARE(QSettings().value("defaults/pool").toString(), QStringLiteral("Scratch"));
        QCOMPARE(QSettings().value("defaults/compression").toString(), QStringLiteral("zstd:5"));
        d->compression()->setCurrentText(QStringLiteral("rar"));
        QString why;
        QVERIFY(!d->applyCompression(&why));
        QVERIFY(page.status().contains(QStringLiteral("rar")));
        QCOMPARE(QSettings().value("defaults/compression").toString(), QStringLiteral("zstd:5"));

        // A second page starts from what was stored.
        tl::ui::SettingsPage again(c.ctx, gate);
        QCOMPARE(again.pollInterval()->value(), 250);
        QCOMPARE(again.jobDefaults()->drives()->value(), 3);
        QCOMPARE(again.jobDefaults()->level()->currentData().toString(), QStringLiteral("full"));
        shoot(page,
              qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK") ? "settings-dark" : "settings");
        QVERIFY(gate.waitReadsDone(60000));
    }

private:
    QTemporaryDir settingsDir_;
};

QTEST_MAIN(TestSettingsPage)
#include "test_settings_page.moc"
