#include <QtTest>

#include <QApplication>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
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
#include "gui_service.h"
#include "pages/clients/client_add_dialog.h"
#include "pages/clients/client_table_model.h"
#include "pages/clients/clients_page.h"

using tltest::run_cli;
using tltest::with_home;

namespace {
// The client names `tapeloom-cli client list --json` prints.
QStringList cli_clients(const QString& home) {
    const auto r = run_cli({"--home", home, "client", "list", "--json"});
    if (r.exit_code != 0) qWarning("cli: %s", r.err.constData());
    QStringList names;
    for (const auto& c : r.json().array())
        names << c.toObject().value("name").toString();
    return names;
}

const QString kAgentFingerprint = QString(64, QLatin1Char('a'));
} // namespace

// The Clients page of a console beside the real service: a client added through the page's Add
// dialog (which shows the service's fingerprint to give the agent) is listed on the page and by
// `tapeloom-cli client list`, not yet contacted; a scheduled definition naming its tree is its next
// backup; a taken name or a bad fingerprint is refused before anything is added; Remove (confirmed)
// removes it from the page and the catalog; both through the service's typed door.
class TestClientsPage : public QObject {
    Q_OBJECT
    QTemporaryDir settingsDir_;

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(settingsDir_.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_clients_page"));
        tl::log::ring();
    }

    void addListRemove() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard board;
        tl::ui::ClientsPage page(c.ctx, board);
        QSignalSpy read(&page, &tl::ui::ClientsPage::refreshed);
        QSignalSpy done(&page, &tl::ui::ClientsPage::actionFinished);
        page.show();
        QTRY_VERIFY(read.count() >= 1);
        QCOMPARE(page.model()->rowCount(), 0);
        QCOMPARE(page.serviceFingerprint().size(), 64);

        // Add… opens the dialog; OK stays disabled until the fields are right.
        bool checked = false;
        QTimer::singleShot(0, this, [&] {
            auto* dialog =
                qobject_cast<tl::ui::ClientAddDialog*>(QApplication::activeModalWidget());
            if (!dialog) {
                if (auto* other = QApplication::activeModalWidget()) other->close();
                return;
            }
            auto* ok = dialog->buttons()->button(QDialogButtonBox::Ok);
            bool shown = false;
            for (auto* l : dialog->findChildren<QLabel*>())
                shown |= l->text() == page.serviceFingerprint();
            dialog->name()->setText(QStringLiteral("web1"));
            dialog->address()->setText(QStringLiteral("127.0.0.1:9740"));
            dialog->fingerprint()->setText(QStringLiteral("12:34"));
            const bool refused = !ok->isEnabled() && dialog->problem().contains("64 hex digits");
            dialog->fingerprint()->setText(kAgentFingerprint);
            checked = shown && refused && ok->isEnabled() && dialog->problem().isEmpty();
            ok->click();
        });
        for (auto* b : page.findChildren<QPushButton*>())
            if (b->text() == tl::ui::ClientsPage::tr("&Add…")) b->click();
        QVERIFY(checked);
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(done.last().first().toString(), QString());
        QTRY_VERIFY(page.model()->rowOf(QStringLiteral("web1")) >= 0);
        QCOMPARE(cli_clients(home), QStringList{QStringLiteral("web1")});
        const int row = page.model()->rowOf(QStringLiteral("web1"));
        auto cell = [&](int column) { return page.model()->index(row, column).data().toString(); };
        QCOMPARE(cell(tl::ui::ClientTableModel::State), QStringLiteral("not contacted yet"));
        QCOMPARE(cell(tl::ui::ClientTableModel::Address), QStringLiteral("127.0.0.1:9740"));
        QCOMPARE(cell(tl::ui::ClientTableModel::LastBackup), QStringLiteral("never"));
        QVERIFY(cell(tl::ui::ClientTableModel::NextBackup).isEmpty()); // no schedule names it

        // A scheduled definition of the client's tree is its next backup.
        const auto defined =
            run_cli(with_home(home, {"job", "define", "nightly", "--source", "client:web1:/srv"}));
        QVERIFY2(defined.exit_code == 0, defined.err.constData());
        const auto scheduled =
            run_cli(with_home(home, {"schedule", "add", "nightly", "daily at 02:00"}));
        QVERIFY2(scheduled.exit_code == 0, scheduled.err.constData());
        page.refresh();
        QTRY_VERIFY(cell(tl::ui::ClientTableModel::NextBackup).contains(QStringLiteral("nightly")));

        // Refused before anything is added: a name taken.
        QVERIFY(
            !page.addClient({QStringLiteral("web1"), QStringLiteral("h:1"), kAgentFingerprint}));
        QVERIFY2(page.status().contains(QStringLiteral("added already")),
                 qPrintable(page.status()));

        // Remove asks first; No keeps it, Yes removes it.
        QString asked;
        page.setConfirm([&](const QString& q) {
            asked = q;
            return false;
        });
        page.view()->selectRow(0);
        page.removeSelected();
        QVERIFY(asked.contains(QStringLiteral("web1")));
        QCOMPARE(done.count(), 1);
        page.setConfirm([](const QString&) { return true; });
        page.removeSelected();
        QTRY_COMPARE(done.count(), 2);
        QCOMPARE(done.last().first().toString(), QString());
        QTRY_COMPARE(page.model()->rowCount(), 0);
        QVERIFY(cli_clients(home).isEmpty());
        QCOMPARE(tltest::audited(home, "POST", "/v1/clients"), 1);
        QCOMPARE(tltest::audited(home, "DELETE", "/v1/clients/web1"), 1);
        QVERIFY(board.waitUntilIdle(60000) && board.waitReadsDone(60000));
    }

    // Beside the service (docs/console.md "Beside the service"), Add and Remove go through the
    // service's typed door (POST /v1/clients, DELETE /v1/clients/{name}) from the console's
    // read-only engine, never as a CLI command line.
    void addRemoveBesideTheService() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::TaskBoard board;
        tl::ui::ClientsPage page(c.ctx, board);
        page.setConfirm([](const QString&) { return true; });
        QSignalSpy done(&page, &tl::ui::ClientsPage::actionFinished);
        page.show();
        QTRY_COMPARE(page.serviceFingerprint().size(), 64);
        QVERIFY(page.addClient(
            {QStringLiteral("db1"), QStringLiteral("db1.example.net:9740"), kAgentFingerprint}));
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(done.last().first().toString(), QString());
        QTRY_VERIFY(page.model()->rowOf(QStringLiteral("db1")) >= 0);
        QCOMPARE(cli_clients(home), QStringList{QStringLiteral("db1")});
        QVERIFY(page.removeClient(QStringLiteral("db1")));
        QTRY_COMPARE(done.count(), 2);
        QCOMPARE(done.last().first().toString(), QString());
        QTRY_COMPARE(page.model()->rowCount(), 0);
        QVERIFY(cli_clients(home).isEmpty());
        QCOMPARE(tltest::audited(home, "POST", "/v1/clients"), 1);
        QCOMPARE(tltest::audited(home, "DELETE", "/v1/clients/db1"), 1);
        QCOMPARE(tltest::tunnelled(home), 0);

        // A client added through the CLI is listed at the next read, and the fingerprint the
        // page shows is the one the CLI printed for the agent to trust: the page reads what the
        // service holds, through its typed GET routes.
        const auto added =
            run_cli(with_home(home, {"client", "add", "cli1", "--address", "cli1.example.net:9740",
                                     "--fingerprint", kAgentFingerprint, "--json"}));
        QVERIFY2(added.exit_code == 0, added.err.constData());
        page.refresh();
        QTRY_VERIFY(page.model()->rowOf(QStringLiteral("cli1")) >= 0);
        QCOMPARE(page.serviceFingerprint(),
                 added.json().object().value("service_fingerprint").toString());
        for (const char* route :
             {"/v1/clients", "/v1/definitions", "/v1/schedules", "/v1/service/identity"})
            QVERIFY2(tltest::queried(home, QString::fromLatin1(route)) > 0, route);
        QCOMPARE(tltest::queried(home), 0);
        QVERIFY(board.waitUntilIdle(60000) && board.waitReadsDone(60000));
    }
};

QTEST_MAIN(TestClientsPage)
#include "test_clients_page.moc"
