#include <QtTest>

#include <QComboBox>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>

#include "audit_log.h"
#include "bridge/backup_runner.h"
#include "bridge/live_feed.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "dialogs/backup_dialog.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "pages/dashboard/dashboard_page.h"
#include "shell/main_window.h"
#include "shot.h"

// Issue #18, item 10: Back up now as an administrator uses it. Enter in the source field adds
// the source (it does not start a one-source backup); the level is a choice; the pool is one of
// the catalog's pools; an incremental that runs as a full because there is no full to build on
// says so in the console (status bar and dashboard), not only in the log. The console is beside
// the real service of its data directory; the backup goes through its typed door.
class TestBackupDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_backup_dialog"));
        QSettings().clear();
        tl::log::ring();
    }

    void enterInTheSourceFieldAddsTheSource() {
        tl::ui::BackupDialog d(4, {QStringLiteral("Default")});
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QSignalSpy accepted(&d, &QDialog::accepted);
        d.sourceEdit()->setFocus();
        QTest::keyClicks(d.sourceEdit(), QStringLiteral("/srv/one"));
        QTest::keyClick(d.sourceEdit(), Qt::Key_Return);
        QCOMPARE(accepted.count(), 0);
        QVERIFY(d.isVisible());
        QCOMPARE(d.sources()->count(), 1);
        QVERIFY(d.sourceEdit()->text().isEmpty());
        QTest::keyClicks(d.sourceEdit(), QStringLiteral("/srv/two"));
        QTest::keyClick(d.sourceEdit(), Qt::Key_Enter);
        QCOMPARE(accepted.count(), 0);
        const auto o = d.options();
        QCOMPARE(o.sources.size(), std::size_t(2));
        QCOMPARE(o.sources[1], std::string("/srv/two"));
    }

    // Issue 41: the clients added to the catalog are choices; a client's folder is sent as its
    // tree (client:NAME:PATH), anything but an absolute path is refused for a client with why,
    // and the folder browser (this machine's) is off while a client is chosen.
    void aClientsFoldersAreItsTrees() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        const auto added = tltest::run_cli(
            tltest::with_home(home, {"client", "add", "web1", "--address", "web1.example.net:9740",
                                     "--fingerprint", QString(64, QLatin1Char('a'))}));
        QVERIFY2(added.exit_code == 0, added.err.constData());
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::BackupDialog d(4, {QStringLiteral("Default")});
        d.readChoices(tltest::console_context(home).door); // GET /v1/clients through the door
        QVERIFY(d.isReadingChoices());
        QTRY_VERIFY_WITH_TIMEOUT(!d.isReadingChoices(), 30000);
        QCOMPARE(d.problem(), QString());
        d.addSource(QStringLiteral("/etc"));
        QCOMPARE(d.client()->count(), 2);
        QCOMPARE(d.client()->itemData(1).toString(), QStringLiteral("web1"));
        QVERIFY(tltest::queried(home, QStringLiteral("/v1/clients")) >= 1);
        d.client()->setCurrentIndex(d.client()->findData(QStringLiteral("web1")));
        QPushButton* folder = nullptr;
        for (auto* b : d.findChildren<QPushButton*>())
            if (b->text() == tl::ui::BackupDialog::tr("&Folder…")) folder = b;
        QVERIFY(folder && !folder->isEnabled());
        d.addSource(QStringLiteral("raw:/dev/sdb"));
        QVERIFY2(d.problem().contains(QStringLiteral("not an absolute path on web1")),
                 qPrintable(d.problem()));
        d.addSource(QStringLiteral("/srv/www"));
        QVERIFY(d.problem().isEmpty());
        const auto o = d.options();
        QCOMPARE(o.sources,
                 (std::vector<std::string>{"/etc", "client:web1:/srv/www"})); // this machine's too
    }

    void levelAndPoolAreChoicesFromTheCatalog() {
        QTemporaryDir home;
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        QCOMPARE(
            tltest::run_cli(tltest::with_home(home.path(), {"pool", "add", "Nightly"})).exit_code,
            0);
        tl::ui::BackupDialog d(4, {});
        QCOMPARE(d.pool()->count(), 1); // Default until the service answered
        d.readChoices(tltest::console_context(home.path()).door); // GET /v1/pools
        QTRY_VERIFY_WITH_TIMEOUT(!d.isReadingChoices(), 30000);
        // The drive choice goes up to the service's drives, read with the pools.
        const auto status =
            tltest::run_cli(tltest::with_home(home.path(), {"status", "--json"})).json().object();
        QVERIFY(status.value("drives").toInt() >= 1);
        QCOMPARE(d.drives()->maximum(), status.value("drives").toInt());
        QVERIFY(d.browseButton()->isEnabled()); // this machine's service: its folders
        QStringList pools;
        for (int i = 0; i < d.pool()->count(); ++i)
            pools << d.pool()->itemText(i);
        QVERIFY2(pools.contains(QStringLiteral("Default")) &&
                     pools.contains(QStringLiteral("Nightly")),
                 qPrintable(pools.join(',')));
        QCOMPARE(d.pool()->currentText(), QStringLiteral("Default"));
        QVERIFY(!d.pool()->isEditable());
        d.pool()->setCurrentIndex(d.pool()->findText(QStringLiteral("Nightly")));
        QCOMPARE(d.level()->count(), 3);
        d.level()->setCurrentIndex(d.level()->findData(QStringLiteral("incr")));
        d.addSource(QStringLiteral("/srv/one"));
        d.show();
        QVERIFY(tltest::shot(&d, QStringLiteral("backup_dialog")));
        const auto o = d.options();
        QCOMPARE(o.pool, std::string("Nightly"));
        QCOMPARE(o.level, std::string("incr"));
    }

    void promotedIncrementalIsSaidInTheConsole() {
        QTemporaryDir home, data;
        QVERIFY(tltest::write_file(data.filePath(QStringLiteral("src/a.txt")), "a"));
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        w.liveFeed()->setInterval(20);
        QSignalSpy promoted(w.backupRunner(), &tl::ui::BackupRunner::levelPromoted);
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        tl::job::BackupOptions o;
        o.sources = {data.filePath(QStringLiteral("src")).toStdString()};
        o.level = "incr";
        o.poll_interval = 0.05;
        QVERIFY(w.startBackup(o));
        QTRY_VERIFY_WITH_TIMEOUT(promoted.count() == 1, 30000);
        QVERIFY(promoted.first().at(1).toString().contains(QStringLiteral("promoted to full")));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("full")),
                 qPrintable(w.statusBar()->currentMessage()));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QVERIFY2(done.first().at(2).toString().contains(QStringLiteral("promoted to full")),
                 qPrintable(done.first().at(2).toString()));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("promoted to full")));
        auto* level = w.dashboardPage()->levelLabel();
        QTRY_VERIFY_WITH_TIMEOUT(level->text().contains(QStringLiteral("incr")), 5000);
        QVERIFY(level->text().startsWith(QStringLiteral("full")));
        QVERIFY(level->toolTip().contains(QStringLiteral("promoted to full")));
        QVERIFY(tltest::shot(&w, QStringLiteral("dashboard_promoted")));
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/backups"), 1);
        QCOMPARE(tltest::tunnelled(home.path()), 0);
    }
};

QTEST_MAIN(TestBackupDialog)
#include "test_backup_dialog.moc"
