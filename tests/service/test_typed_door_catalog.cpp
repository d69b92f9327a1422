#include <QJsonObject>
#include <QtTest>

#include "audit_log.h"
#include "cli_runner.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// `catalog after-jobs` through a running service goes through its typed route (GET and PATCH
// /v1/catalog/after-jobs: neither the command tunnel nor the query tunnel is used) and prints
// what the command prints without a service, with the same exit codes (issue 38).
class TestTypedDoorCatalog : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }

private Q_SLOTS:
    void showsAndChangesThroughTheTypedRoute() {
        home_ = dir_.path() + "/home";
        const auto shown = cli({"catalog", "after-jobs"});
        QVERIFY2(shown.exit_code == 0, shown.err.constData());
        QCOMPARE(shown.text(), QStringLiteral("catalog backup after each backup job: off (pool "
                                              "Default)\n"));
        const auto shownJson = cli({"catalog", "after-jobs", "--json"});
        const auto bad = cli({"catalog", "after-jobs", "maybe"});
        QCOMPARE(bad.exit_code, 2);

        QCOMPARE(cli({"--log-level", "debug", "service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        QCOMPARE(cli({"catalog", "after-jobs"}).text(), shown.text());
        QCOMPARE(cli({"catalog", "after-jobs", "--json"}).json().object(),
                 shownJson.json().object());
        const auto b = cli({"catalog", "after-jobs", "maybe"});
        QCOMPARE(b.exit_code, bad.exit_code);
        QCOMPARE(b.err, bad.err);
        const auto on = cli({"catalog", "after-jobs", "on"});
        QVERIFY2(on.exit_code == 0, on.err.constData());
        QCOMPARE(on.text(), QStringLiteral("catalog backup after each backup job: on (pool "
                                           "Default)\n"));
        const auto after = cli({"catalog", "after-jobs", "--json"}).json().object();
        QCOMPARE(after["after_jobs"].toBool(), true);
        QCOMPARE(after["pool"].toString(), QStringLiteral("Default"));

        QCOMPARE(tltest::audited(home_, "PATCH", "/v1/catalog/after-jobs"), 1);
        QCOMPARE(tltest::tunnelled(home_), 0);
        QCOMPARE(tltest::queried(home_), 0);
    }
};

QTEST_MAIN(TestTypedDoorCatalog)
#include "test_typed_door_catalog.moc"
