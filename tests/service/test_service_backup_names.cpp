#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// The name of a backup made through the service (issue 42 item 1): `backup --name NAME` keeps
// its name; without one, every backup of the same sources gets the same name, derived from
// them, so `--level incr` is based on the backup before it, also after the service restarted.
class TestServiceBackupNames : public QObject {
    Q_OBJECT

    static bool start(const QString& home) {
        auto r = run_cli(with_home(home, {"service", "start"}));
        if (r.exit_code != 0) qWarning() << r.err;
        return r.exit_code == 0;
    }

    static QJsonObject backup(const QString& home, QStringList args) {
        args = QStringList{"backup", "--drives", "1", "--json"} + args;
        auto r = run_cli(with_home(home, args));
        if (r.exit_code != 0) qWarning("backup exited %d: %s", r.exit_code, r.err.constData());
        return r.exit_code == 0 ? r.json().object() : QJsonObject{};
    }

    static QString name_of_job(const QString& home, int job) {
        auto list = run_cli(with_home(home, {"jobs", "list", "--json"}));
        for (const auto& v : list.json().array())
            if (v.toObject().value("id").toInt() == job)
                return v.toObject().value("name").toString();
        return {};
    }

private Q_SLOTS:
    void incrementalsWithoutANameChainToTheBackupBefore() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        for (int i = 0; i < 6; ++i)
            QVERIFY(tltest::write_file(src + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(20000 + i, 7 + i)));
        QVERIFY(start(home));
        tltest::ServiceGuard guard{home};

        const auto first = backup(home, {"--source", src, "--level", "incr"});
        QVERIFY(!first.isEmpty());
        QCOMPARE(first.value("level").toString(), QString("full")); // nothing to base it on yet
        QVERIFY(tltest::write_file(src + "/new.bin", tltest::random_bytes(5000, 99)));

        const auto second = backup(home, {"--source", src, "--level", "incr"});
        QVERIFY(!second.isEmpty());
        QCOMPARE(second.value("level").toString(), QString("incr"));
        QVERIFY(!second.contains("level_promotion")); // not promoted to full
        const auto s2 = second.value("level_sources").toArray().first().toObject();
        QCOMPARE(s2.value("unchanged").toInt(), 6); // the first backup's files are its base
        QCOMPARE(second.value("files").toInt(), 2); // new.bin and its directory

        const QString name = name_of_job(home, first.value("job_id").toInt());
        QVERIFY2(name.startsWith("adhoc-src-"), qPrintable(name));
        QCOMPARE(name_of_job(home, second.value("job_id").toInt()), name);

        // A restarted service gives the same sources the same name: the chain goes on.
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        QVERIFY(start(home));
        QVERIFY(tltest::write_file(src + "/newer.bin", tltest::random_bytes(3000, 98)));
        const auto third = backup(home, {"--source", src, "--level", "incr"});
        QVERIFY(!third.isEmpty());
        QCOMPARE(third.value("level").toString(), QString("incr"));
        QCOMPARE(third.value("files").toInt(), 2);
        QCOMPARE(name_of_job(home, third.value("job_id").toInt()), name);

        // Other sources get another name, so their incremental has no base: a full.
        const QString other = d.path() + "/other";
        QVERIFY(tltest::write_file(other + "/o.bin", tltest::random_bytes(4000, 5)));
        const auto elsewhere = backup(home, {"--source", other, "--level", "incr"});
        QCOMPARE(elsewhere.value("level").toString(), QString("full"));
        QVERIFY(name_of_job(home, elsewhere.value("job_id").toInt()) != name);
    }

    void aGivenNameIsKept() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(30000, 3)));
        QVERIFY(start(home));
        tltest::ServiceGuard guard{home};

        const auto named = backup(home, {"--source", src, "--name", "nightly-web"});
        QVERIFY(!named.isEmpty());
        QCOMPARE(name_of_job(home, named.value("job_id").toInt()), QString("nightly-web"));
        const auto again =
            backup(home, {"--source", src, "--name", "nightly-web", "--level", "incr"});
        QCOMPARE(again.value("level").toString(), QString("incr"));
        QCOMPARE(name_of_job(home, again.value("job_id").toInt()), QString("nightly-web"));

        // A name a job definition cannot have is refused before anything runs, naming it.
        auto bad = run_cli(with_home(home, {"backup", "--source", src, "--name", "a b"}));
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("'a b'"), bad.err.constData());
        // A stored definition's name is that definition's: refused, saying how to run it.
        QCOMPARE(run_cli(with_home(home, {"job", "define", "web", src})).exit_code, 0);
        auto taken = run_cli(with_home(home, {"backup", "--source", src, "--name", "web"}));
        QCOMPARE(taken.exit_code, 2);
        QVERIFY2(taken.err.contains("job run web"), taken.err.constData());
        QCOMPARE(run_cli(with_home(home, {"jobs", "list", "--json"})).json().array().size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestServiceBackupNames)
#include "test_service_backup_names.moc"
