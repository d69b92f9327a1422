#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include "audit_log.h"
#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// Reads that went through the query tunnel, now on typed routes: `volume list --library` (GET
// /v1/volumes?library=), `report --job ID` (GET /v1/jobs/{id}/report), `files find` (GET
// /v1/files/find), `volume ls` (GET /v1/volumes/{barcode}/contents). Each prints through a
// running service what it prints without one, with the same exit codes, and the service's log shows
// no query (issue 38).
class TestTypedDoorReads : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_, job_;

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }

    // What each command printed without a service: the args, then its result.
    QList<std::pair<QStringList, tltest::CliResult>> local_;
    QByteArray localCsv_;

    void runLocally(const QStringList& args) { local_.push_back({args, cli(args)}); }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        // The default library vlib0 (made at first use) holds one volume; a second library,
        // small, two, so that --library selects.
        auto r = cli({"volume", "label", "--barcode", "TLO001L9", "--pool", "Default"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli({"library", "add", "--virtual", "--name", "small", "--drives", "1", "--slots", "4",
                 "--capacity", "8M", "--prefix", "SML"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY(tltest::write_file(dir_.path() + "/src/a.txt", "tape\n"));
        QVERIFY(tltest::write_file(dir_.path() + "/src/sub/b.bin", tltest::random_bytes(70000, 3)));
        // A name that is not UTF-8: found, it comes as {"hex"} (docs/api.md).
        const QByteArray raw = QFile::encodeName(dir_.path()) + "/src/sub/raw\xff.txt";
        const int fd = ::open(raw.constData(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, "raw\n", 4), ssize_t{4});
        ::close(fd);
        const auto b = cli({"backup", "--source", dir_.path() + "/src", "--drives", "1", "--json"});
        QVERIFY2(b.exit_code == 0 || b.exit_code == 8, b.err.constData()); // 8: warnings
        job_ = QString::number(b.json().object()["job_id"].toInteger());
        for (const char* bc : {"SML001L9", "SML002L9"}) {
            r = cli(
                {"volume", "label", "--barcode", bc, "--pool", "Default", "--library", "small"});
            QVERIFY2(r.exit_code == 0, r.err.constData());
        }
    }

    // First: reading a tape leaves it in a drive, which `volume list` shows.
    void volumeLs() {
        const auto text = cli({"volume", "ls", "TLO001L9"});
        QVERIFY2(text.exit_code == 0, text.err.constData());
        QVERIFY2(text.text().startsWith("Volume TLO001L9 (pool Default") &&
                     text.text().contains("/src : a.txt\n"),
                 qPrintable(text.text()));
        const auto json = cli({"volume", "ls", "TLO001L9", "--json"});
        bool hex = false;
        for (const auto& o : json.json().object()["objects"].toArray())
            hex |= o.toObject()["path"].toObject()["hex"].toString() == "7375622f726177ff2e747874";
        QVERIFY2(hex, json.out.constData()); // sub/raw\xff.txt
        for (const auto& args : {QStringList{"volume", "ls", "TLO001L9"},
                                 QStringList{"volume", "ls", "TLO001L9", "--json"},
                                 QStringList{"volume", "ls", "SML001L9", "--library", "small"},
                                 QStringList{"volume", "ls", "SML001L9", "--library", "nosuch"},
                                 QStringList{"volume", "ls"}})
            runLocally(args);
        QCOMPARE(cli({"volume", "ls"}).exit_code, 2);
    }

    void volumeListByLibrary() {
        const auto small = cli({"volume", "list", "--library", "small", "--json"});
        QVERIFY2(small.exit_code == 0, small.err.constData());
        QCOMPARE(small.json().array().size(), 2);
        for (const auto& v : small.json().array())
            QVERIFY(v.toObject()["barcode"].toString().startsWith("SML"));
        const auto vlib0 = cli({"volume", "list", "--library", "vlib0", "--json"}).json().array();
        QVERIFY(!vlib0.isEmpty());
        for (const auto& v : vlib0)
            QVERIFY(v.toObject()["barcode"].toString().startsWith("TLO"));
        for (const auto& args :
             {QStringList{"volume", "list", "--library", "small"},
              QStringList{"volume", "list", "--library", "small", "--json"},
              QStringList{"volume", "list", "--library", "vlib0", "--state", "append"},
              QStringList{"volume", "list", "--library", "nosuch"},
              QStringList{"volume", "list", "--library", "small", "--pool", "Nope"},
              QStringList{"volume", "list", "--library", "small", "--state", "bad"}})
            runLocally(args);
    }

    void jobReport() {
        const auto text = cli({"report", "--job", job_});
        QVERIFY2(text.exit_code == 0, text.err.constData());
        QVERIFY2(text.text().contains("Series: "), qPrintable(text.text()));
        const auto json = cli({"report", "--job", job_, "--json"});
        QCOMPARE(json.json().object()["report"].toObject()["job_id"].toInteger(),
                 job_.toLongLong());
        QVERIFY(json.json().object()["series"].toObject().contains("time"));
        for (const auto& args :
             {QStringList{"report", "--job", job_}, QStringList{"report", "--job", job_, "--json"},
              QStringList{"report", "--job", "999"}, QStringList{"report", "--job", "x1"},
              QStringList{"report"}})
            runLocally(args);
        QCOMPARE(cli({"report", "--job", "999"}).exit_code, 3);
        QCOMPARE(cli({"report"}).exit_code, 2);
    }

    // --csv is written by the caller: the same file, whether a service runs or not.
    void jobReportCsv() {
        const QString csv = dir_.path() + "/series.csv";
        const auto r = cli({"report", "--job", job_, "--csv", csv});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        localCsv_ = f.readAll();
        QVERIFY(localCsv_.startsWith("time_s"));
        QVERIFY(QFile::remove(csv));
        local_.push_back({{"report", "--job", job_, "--csv", csv}, r});
    }

    void filesFind() {
        const auto found = cli({"files", "find", "*.txt", "--job", job_, "--json"});
        QVERIFY2(found.exit_code == 0, found.err.constData());
        QCOMPARE(found.json().array().size(), 2);
        bool hex = false;
        for (const auto& e : found.json().array())
            hex |= e.toObject()["name"].toObject()["hex"].toString() == "726177ff2e747874";
        QVERIFY2(hex, found.out.constData());
        const auto text = cli({"files", "find", "a.txt", "--job", job_});
        QVERIFY2(text.text().endsWith("/src/a.txt\n"), qPrintable(text.text()));
        for (const auto& args :
             {QStringList{"files", "find", "*.txt", "--job", job_, "--json"},
              QStringList{"files", "find", "a.txt", "--job", job_},
              QStringList{"files", "find", "b", "--source", dir_.path() + "/src"},
              QStringList{"files", "find", "*", "--job", job_, "--limit", "2", "--json"},
              QStringList{"files", "find", "*", "--job", job_, "--limit", "0"},
              QStringList{"files", "find", "nothing-here", "--job", job_},
              QStringList{"files", "find", "a", "--job", "999"},
              QStringList{"files", "find", "--job", job_}})
            runLocally(args);
        QCOMPARE(cli({"files", "find", "--job", job_}).exit_code, 2);
    }

    void sameOutputThroughTheTypedRoutes() {
        QCOMPARE(cli({"--log-level", "debug", "service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        for (const auto& [args, local] : local_) {
            const auto r = cli(args);
            QVERIFY2(r.exit_code == local.exit_code, qPrintable(args.join(' ') + ": " + r.err));
            QCOMPARE(r.out, local.out);
            QCOMPARE(r.err, local.err);
        }
        QFile csv(dir_.path() + "/series.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll(), localCsv_);
        QCOMPARE(tltest::tunnelled(home_), 0);
        QCOMPARE(tltest::queried(home_), 0);
    }
};

QTEST_MAIN(TestTypedDoorReads)
#include "test_typed_door_reads.moc"
