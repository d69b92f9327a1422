#include <QtTest>

#include "dark_palette.h"

#include <QApplication>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QSignalSpy>

#include "audit_log.h"
#include "bridge/operator_requests.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "metrics/live_board.h"
#include "widgets/notification_list.h"

using tl::ui::OperatorRequest;
using tl::ui::OperatorRequests;

namespace {
bool hasKey(const OperatorRequests& r, const QString& key) {
    for (const auto& x : r.requests())
        if (x.key == key) return true;
    return false;
}

OperatorRequest find(const OperatorRequests& r, const QString& key) {
    for (const auto& x : r.requests())
        if (x.key == key) return x;
    return {};
}

// A running backup as its job process publishes it on the live board.
tl::metrics::LiveSnapshot running(const std::string& driveState) {
    tl::metrics::LiveSnapshot s;
    s.job_id = 7;
    s.name = "nightly";
    s.pid = QCoreApplication::applicationPid(); // alive, so not "interrupted"
    s.seq = 3;
    s.status = "running";
    tl::metrics::LiveDrive d;
    d.name = "vlib0-drive1";
    d.state = driveState;
    s.drives.push_back(d);
    return s;
}

QPushButton* button(QWidget* row, const QString& text) {
    for (auto* b : row->findChildren<QPushButton*>())
        if (b->text().remove(QLatin1Char('&')) == text) return b;
    return nullptr;
}
} // namespace

// Operator requests from what the service's typed door tells, on a real data directory: a drive
// of a running job waiting for media (its live snapshot, GET /v1/live) shows a request naming the
// drive, which
// goes when the drive writes again; a pool with a job definition but no usable volume (no
// volumes, no auto-labeling) shows "no volume" while the Default pool (blank cartridges in the
// library) does not; Dismiss removes a request and it stays away while its cause lasts; the
// list's actions ask for pages; a new request does not take the focus. The data directory is
// served by its real service and prepared through the CLI, as a user's is; once the service is
// gone, failed() says so once and the requests shown stay.
class TestOperatorRequests : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void requestsFollowTheirCauses() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        OperatorRequests requests(c.ctx); // reads through the service's typed door
        tl::ui::NotificationList list(&requests);
        QLineEdit typing; // the operator is typing elsewhere
        typing.show();
        list.show();
        typing.activateWindow();
        typing.setFocus();
        QTRY_VERIFY(typing.hasFocus());

        // A drive waiting for media.
        const tl::metrics::LiveBoard board(home.toStdString());
        QVERIFY(board.publish(running("waiting for media")));
        requests.poll();
        const QString media = QStringLiteral("media:vlib0-drive1");
        QTRY_VERIFY(hasKey(requests, media)); // the service's GET /v1/live lists it
        QVERIFY(find(requests, media).text.contains(QStringLiteral("vlib0-drive1")));
        QCOMPARE(list.count(), 1);
        QVERIFY(list.row(media));
        QVERIFY(typing.hasFocus());
        QSignalSpy pages(&list, &tl::ui::NotificationList::openPage);
        auto* openLibrary = button(list.row(media), QStringLiteral("Open Library"));
        QVERIFY(openLibrary);
        QTest::mouseClick(openLibrary, Qt::LeftButton);
        QCOMPARE(pages.count(), 1);
        QCOMPARE(pages.first().first().toString(), QStringLiteral("library"));
        // The cause gone: the drive writes again.
        QVERIFY(board.publish(running("writing")));
        requests.poll();
        QTRY_VERIFY(!hasKey(requests, media));
        QTRY_COMPARE(list.count(), 0);

        // A pool with a job definition and no usable volume; Default has blank cartridges.
        auto cli = [&home](const QStringList& args) {
            const auto r = tltest::run_cli(tltest::with_home(home, args));
            if (r.exit_code != 0) qWarning("%s: %s", qPrintable(args.join(' ')), r.err.constData());
            return r.exit_code;
        };
        QCOMPARE(cli({"pool", "add", "Vault", "--auto-label", "no"}), 0);
        QCOMPARE(cli({"job", "define", "vault-weekly", dir.path(), "--pool", "Vault"}), 0);
        QCOMPARE(cli({"job", "define", "daily", dir.path(), "--pool", "Default"}), 0);
        requests.poll();
        const QString pool = QStringLiteral("pool:Vault");
        QTRY_VERIFY(hasKey(requests, pool));
        QVERIFY(find(requests, pool).text.contains(QStringLiteral("vault-weekly")));
        QVERIFY(!hasKey(requests, QStringLiteral("pool:Default")));
        QTRY_VERIFY(list.row(pool));
        // Every cause came through the typed door's reads, none from the catalog or live files.
        for (const char* route : {"/v1/live", "/v1/definitions", "/v1/pools", "/v1/volumes",
                                  "/v1/libraries", "/v1/libraries/vlib0/inventory"})
            QVERIFY2(tltest::queried(home, QString::fromLatin1(route)) > 0, route);
        QCOMPARE(tltest::queried(home), 0); // nothing through the query tunnel
        QVERIFY(typing.hasFocus());

        // Dismiss: gone, and not back at the next poll while the pool still has no volume.
        auto* dismiss = button(list.row(pool), QStringLiteral("Dismiss"));
        QVERIFY(dismiss);
        QTest::mouseClick(dismiss, Qt::LeftButton);
        QVERIFY(!hasKey(requests, pool));
        requests.poll();
        QTest::qWait(300);
        requests.poll();
        QTest::qWait(300);
        QVERIFY(!hasKey(requests, pool));
        QTRY_VERIFY(!list.row(pool));

        // A restore needs a volume the catalog does not place in the library.
        requests.setRestoreMissing({QStringLiteral("TLO099L9")});
        QVERIFY(hasKey(requests, QStringLiteral("insert:TLO099L9")));
        requests.poll();
        QTest::qWait(300);
        QVERIFY(hasKey(requests, QStringLiteral("insert:TLO099L9")));

        if (!qEnvironmentVariableIsEmpty("TAPELOOM_SHOT_DIR")) {
            QVERIFY(board.publish(running("waiting for media")));
            requests.poll();
            QTRY_COMPARE(list.count(), 2);
            if (qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK")) {
                tltest::use_dark_palette();
            }
            const QString shots = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
            QDir().mkpath(shots);
            list.resize(420, 360);
            QTest::qWait(50);
            QVERIFY(list.grab().save(shots + (qEnvironmentVariableIntValue("TAPELOOM_SHOT_DARK")
                                                  ? "/notifications-dark.png"
                                                  : "/notifications.png")));
        }

        // The service gone: failed() says why, once; the requests shown stay.
        QSignalSpy failed(&requests, &OperatorRequests::failed);
        const int shown = requests.requests().size();
        QCOMPARE(tltest::run_cli(tltest::with_home(home, {"service", "stop"})).exit_code, 0);
        requests.poll();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
        QVERIFY(!failed.first().first().toString().isEmpty());
        requests.poll();
        QTest::qWait(500);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(requests.requests().size(), shown);
    }
};

QTEST_MAIN(TestOperatorRequests)
#include "test_operator_requests.moc"
