#include <QtTest>

#include <csignal>
#include <functional>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

// Tapeloom under attack, through the real tapeloom-cli: damaged cartridge indexes, lost and
// damaged media, processes killed with SIGKILL in the middle of their work.
class TestUnderAttack : public QObject {
    Q_OBJECT

    static QStringList h(const QString& home, QStringList args) {
        return tltest::with_home(home, std::move(args));
    }
    static bool same_tree(const QString& a, const QString& b, QString* why) {
        return tltest::same_tree(a, b, why);
    }
    static QByteArray read_all(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static bool write_all(const QString& path, const QByteArray& bytes) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
    }
    static quint32 le32(const QByteArray& b, qsizetype at) {
        quint32 v = 0;
        for (int i = 3; i >= 0; --i)
            v = (v << 8) | static_cast<quint8>(b[at + i]);
        return v;
    }
    static void put_le(QByteArray& b, qsizetype at, quint64 v, int n) {
        for (int i = 0; i < n; ++i)
            b[at + i] = static_cast<char>(v >> (8 * i));
    }
    static quint16 le16(const QByteArray& b, qsizetype at) {
        return static_cast<quint16>(static_cast<quint8>(b[at]) |
                                    (static_cast<quint8>(b[at + 1]) << 8));
    }
    // Data offsets of the cartridge's blocks after the label whose flags have `flag`.
    static QList<qsizetype> blocks_with(const QByteArray& data, quint16 flag) {
        QList<qsizetype> out;
        for (qsizetype at = 64 * 1024; at + 64 <= data.size();) {
            if (!data.mid(at, 4).startsWith("MXB1")) break;
            if (le16(data, at + 6) & flag) out << at;
            if (le32(data, at + 8) == 0) break;
            at += le32(data, at + 8);
        }
        return out;
    }
    static bool flip(const QString& path, qint64 at) {
        QFile f(path);
        if (!f.open(QIODevice::ReadWrite) || !f.seek(at)) return false;
        char c = 0;
        if (!f.getChar(&c) || !f.seek(at)) return false;
        return f.putChar(static_cast<char>(c ^ 0x5a));
    }
    static QString sql(const QString& home, const QString& statement) {
        return tltest::catalog_sql(home, statement);
    }
    static void lose_catalog(const QString& home) { tltest::lose_catalog(home); }
    static QString job_status(const QString& home, int id) {
        auto r = run_cli(h(home, {"jobs", "list", "--json"}));
        for (const auto& j : r.json().array())
            if (j.toObject().value("id").toInt() == id)
                return j.toObject().value("status").toString();
        return QString::fromUtf8("no job " + QByteArray::number(id) + ": " + r.out);
    }
    static const QStringList& small_library() {
        static const QStringList a = {"library",  "add",        "--virtual", "--name",   "small",
                                      "--drives", "2",          "--slots",   "10",       "--mail",
                                      "1",        "--capacity", "8M",        "--prefix", "SML"};
        return a;
    }
    // Every failed entry of a restore report is named by its path (in the source tree).
    static void failures_are_named(const QJsonObject& o, int at_least) {
        int failed = 0;
        for (const auto& v : o.value("problems").toArray()) {
            const auto p = v.toObject();
            if (p.value("status").toString() != "failed") continue;
            ++failed;
            const QString path = p.value("path").toString();
            QVERIFY2(!path.startsWith("(") && !path.isEmpty(), qPrintable(path));
            const QFileInfo original("/" + path);
            QVERIFY2(original.exists() || original.isSymLink(), qPrintable(path));
        }
        QVERIFY2(failed >= at_least, QJsonDocument(o).toJson().constData());
        QCOMPARE(failed, o.value("failed").toInt());
    }

private Q_SLOTS:
    // Item 19: a read-only command never changes a cartridge whose index is damaged; the index
    // is rebuilt from the data blocks in memory and a restore still reads every file.
    void damagedIndexIsReadAroundNotRepaired() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 2 << 20));
        auto b = run_cli(
            h(home, {"backup", "--drives", "1", "--checkpoint", "1M", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        const QString cart = home + "/libraries/vlib0/media/" + vol;
        const QByteArray data = read_all(cart + "/data"), index = read_all(cart + "/index");
        QVERIFY(data.size() > (2 << 20));
        const qsizetype records = index.size() / 16;
        QVERIFY(records > 10);
        qsizetype mid = records / 2; // a data block in the middle of the cartridge
        while (le32(index, mid * 16 + 12) != 1)
            ++mid;

        const std::vector<std::pair<const char*, std::function<QByteArray()>>> attacks = {
            {"bad type",
             [&] {
                 QByteArray x = index;
                 put_le(x, mid * 16 + 12, 7, 4);
                 return x;
             }},
            {"bad offset",
             [&] {
                 QByteArray x = index;
                 put_le(x, mid * 16, 4096 + le32(x, mid * 16), 8);
                 return x;
             }},
            {"bad length",
             [&] {
                 QByteArray x = index;
                 put_le(x, mid * 16 + 8, le32(x, mid * 16 + 8) / 2, 4);
                 return x;
             }},
            {"garbage",
             [&] {
                 QByteArray x = index;
                 x.replace(mid * 16, 64, tltest::random_bytes(64, 5));
                 return x;
             }},
            {"truncated index", [&] { return index.left(mid * 16 + 7); }},
            {"filemark in the middle",
             [&] {
                 QByteArray x = index;
                 put_le(x, mid * 16 + 8, 0, 4);
                 put_le(x, mid * 16 + 12, 2, 4);
                 return x;
             }},
            {"empty index", [&] { return QByteArray(); }},
            {"deleted index", [&] { return QByteArray("delete"); }},
        };
        int round = 0;
        for (const auto& [what, attack] : attacks) {
            const QByteArray bad = attack();
            if (bad == "delete")
                QVERIFY(QFile::remove(cart + "/index"));
            else
                QVERIFY(write_all(cart + "/index", bad));
            const qsizetype logged = read_all(home + "/logs/tapeloom.log").size();
            auto ls = run_cli(h(home, {"volume", "ls", vol, "--json"}));
            QVERIFY2(ls.exit_code == 0,
                     qPrintable(QString(what) + ": " + QString::fromUtf8(ls.err)));
            QVERIFY2(ls.json().object().value("objects").toArray().size() > 200, what);
            QVERIFY2(read_all(home + "/logs/tapeloom.log") // reported, naming the cartridge
                         .mid(logged)
                         .contains("cartridge " + vol.toUtf8() + ": "),
                     what);
            QVERIFY2(read_all(cart + "/data") == data, what); // never cut
            const QString to = d.path() + QStringLiteral("/r%1").arg(++round);
            auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
            QVERIFY2(r.exit_code == 0,
                     qPrintable(QString(what) + ": " + QString::fromUtf8(r.out + r.err)));
            QString why;
            QVERIFY2(same_tree(src, to + src, &why), qPrintable(QString(what) + ": " + why));
            QVERIFY2(read_all(cart + "/data") == data, what);
            QVERIFY(write_all(cart + "/index", index));
        }
        // A damaged record in the middle: a backup cannot append to the cartridge, and still no
        // byte of it changes.
        QByteArray x = index;
        put_le(x, mid * 16 + 12, 7, 4);
        QVERIFY(write_all(cart + "/index", x));
        auto more = run_cli(h(home, {"backup", "--drives", "1", "--source", src + "/small"}));
        QVERIFY2(read_all(cart + "/data") == data, more.err.constData());
        QVERIFY(read_all(cart + "/index") == x);
    }

    // Issue 42 item 4: a cartridge whose data file is gone while its index remains is damaged,
    // not blank: `volume ls` exits 9 naming it, a backup does not append to it, and labeling it
    // is refused (only --force takes it back into use).
    void cartridgeWithoutItsDataIsDamagedNotBlank() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        const QString cart = home + "/libraries/vlib0/media/" + vol;
        const QByteArray index = read_all(cart + "/index");
        QVERIFY(index.size() >= 4 * 16);
        QVERIFY(QFile::remove(cart + "/data"));

        auto ls = run_cli(h(home, {"volume", "ls", vol, "--json"}));
        QVERIFY2(ls.exit_code == 9, ls.out + ls.err);
        QVERIFY2(ls.err.contains(vol.toUtf8()) && ls.err.contains("damaged"), ls.err.constData());

        auto more =
            run_cli(h(home, {"backup", "--drives", "1", "--source", src + "/small", "--json"}));
        QVERIFY2(more.exit_code == 0 || more.exit_code == 8, more.err.constData());
        QVERIFY2(!more.json().object().value("volumes").toArray().contains(vol),
                 more.out.constData());
        QCOMPARE(read_all(cart + "/index"), index);
        QCOMPARE(QFileInfo(cart + "/data").size(), 0);

        // Without the catalog it is an unknown cartridge: still never labeled as a blank one.
        QVERIFY(tltest::lose_catalog(home));
        auto label = run_cli(h(home, {"volume", "label", "--barcode", vol, "--pool", "Default"}));
        QVERIFY2(label.exit_code == 9, label.out + label.err);
        QVERIFY2(label.err.contains(vol.toUtf8()), label.err.constData());
        auto all = run_cli(h(home, {"volume", "label", "--all-blank", "--pool", "Default",
                                    "--pattern", vol, "--json"}));
        QVERIFY2(all.json().object().value("labeled").toArray().isEmpty(), all.out.constData());
        const auto skipped = all.json().object().value("skipped").toArray();
        QVERIFY2(skipped.size() == 1, all.out + all.err);
        QCOMPARE(skipped[0].toObject().value("barcode").toString(), vol);
        QVERIFY(skipped[0].toObject().value("why").toString().contains("damaged"));
        QCOMPARE(read_all(cart + "/index"), index);
        auto forced =
            run_cli(h(home, {"volume", "label", "--barcode", vol, "--pool", "Default", "--force"}));
        QVERIFY2(forced.exit_code == 0, forced.err.constData());
        QCOMPARE(run_cli(h(home, {"volume", "ls", vol})).exit_code, 0);
    }

    // Item 20: a damaged last data block: the files lost are named, not "object at offset N".
    void lostFilesOfADamagedBlockAreNamed() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        const QString data = home + "/libraries/vlib0/media/" + vol + "/data";
        const auto blocks = blocks_with(read_all(data), 0x02);
        QVERIFY(!blocks.isEmpty());
        QVERIFY(flip(data, blocks.last() + 64 + 30)); // the last data block's first chunk
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", d.path() + "/r", "--json"}));
        QCOMPARE(r.exit_code, 7);
        QVERIFY(r.json().object().value("restored").toInt() > 0);
        failures_are_named(r.json().object(), 1);
        auto text = run_cli(h(home, {"restore", "--job", "1", "--to", d.path() + "/t"}));
        QCOMPARE(text.exit_code, 7);
        QVERIFY2(!text.text().contains("(object at stream offset"), text.out.constData());
        QVERIFY2(text.text().contains("failed: " + src.mid(1)), text.out.constData());
    }

    // Item 20: one cartridge of two gone: what the other holds comes back, the rest is named.
    void lostCartridgeRestoresTheOtherAndNamesTheRest() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto b =
            run_cli(h(home, {"backup", "--drives", "2", "--sessions-per-drive", "1", "--source",
                             src + "/small/d1", "--source", src + "/small/d2", "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const auto vols = b.json().object().value("volumes").toArray();
        QCOMPARE(vols.size(), 2);
        QVERIFY(QDir(home + "/libraries/vlib0/media/" + vols[1].toString()).removeRecursively());
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", d.path() + "/r", "--json"}));
        QCOMPARE(r.exit_code, 7);
        const auto o = r.json().object();
        QCOMPARE(o.value("status").toString(), QStringLiteral("partial"));
        QVERIFY(o.value("restored").toInt() >= 20);
        failures_are_named(o, 20);
    }

    // Item 21: a damaged session header: scan reports it and marks the job incomplete.
    void scanOfADamagedSessionHeaderMarksTheJobIncomplete() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 3 << 20));
        auto b = run_cli(
            h(home, {"backup", "--drives", "1", "--checkpoint", "1M", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        const QString data = home + "/libraries/vlib0/media/" + vol + "/data";
        const auto headers = blocks_with(read_all(data), 0x01);
        QVERIFY(headers.size() >= 3); // the session's header and its checkpoints'
        QVERIFY(flip(data, headers[1] + 200));
        lose_catalog(home);
        auto s = run_cli(h(home, {"scan", "--all", "--json"}));
        QCOMPARE(s.exit_code, 7);
        QCOMPARE(s.json().object().value("incomplete").toArray().size(), 1);
        QCOMPARE(job_status(home, 1), QStringLiteral("partial"));
        auto one = run_cli(h(home, {"scan", vol, "--json"})); // known now: nothing added
        QCOMPARE(one.json().object().value("sessions_added").toInt(), 0);
    }

    // Issue 42 item 2: two data blocks swapped, or one written twice: the scan names every object
    // the session's index lists that it could not read whole, with its block, and ends partial
    // (exit 7); the restore of the scanned job names them as failed instead of dropping them.
    void scanNamesWhatSwappedOrDuplicatedBlocksLost() {
        for (const bool duplicated : {false, true}) {
            const char* what = duplicated ? "duplicated" : "swapped";
            QTemporaryDir d;
            const QString home = d.path() + "/home", src = d.path() + "/src";
            QVERIFY(tltest::make_fixture_tree(src, 2 << 20));
            auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
            QVERIFY2(b.exit_code == 0, b.err.constData());
            const QString vol = b.json().object().value("volumes").toArray().first().toString();
            const QString data = home + "/libraries/vlib0/media/" + vol + "/data";
            const QByteArray bytes = read_all(data);
            const auto blocks = blocks_with(bytes, 0x02);
            QVERIFY2(blocks.size() >= 4, what);
            const qsizetype one = blocks[blocks.size() / 2], two = blocks[blocks.size() / 2 + 1];
            const qsizetype len = two - one;
            QCOMPARE(qsizetype(le32(bytes, two + 8)), len);
            QByteArray x = bytes;
            x.replace(two, len, bytes.mid(one, len));
            if (!duplicated) x.replace(one, len, bytes.mid(two, len));
            QVERIFY(write_all(data, x));
            lose_catalog(home);

            auto s = run_cli(h(home, {"scan", "--all", "--json"}));
            QVERIFY2(s.exit_code == 7, qPrintable(QString(what) + ": " + s.out + s.err));
            const auto incomplete = s.json().object().value("incomplete").toArray();
            QVERIFY2(incomplete.size() == 1, what);
            QStringList named;
            const QRegularExpression lost(": '(.+)' \\(object at offset \\d+ of stream \\d+, "
                                          "block \\d+ of tape file \\d+ on ");
            for (const auto& why : incomplete[0].toObject().value("reasons").toArray())
                if (auto m = lost.match(why.toString()); m.hasMatch()) named << m.captured(1);
            QVERIFY2(!named.isEmpty(), qPrintable(QString(what) + ": " + s.out));
            for (const auto& p : named) // each is a file that was backed up
                QVERIFY2(QFileInfo(src + "/" + p).isFile(), qPrintable(p));

            auto r = run_cli(h(home, {"restore", "--job", "1", "--to", d.path() + "/r", "--json"}));
            QVERIFY2(r.exit_code == 7, qPrintable(QString(what) + ": " + r.out + r.err));
            QStringList failed;
            for (const auto& v : r.json().object().value("problems").toArray())
                if (v.toObject().value("status").toString() == "failed")
                    failed << v.toObject().value("path").toString();
            for (const auto& p : named)
                QVERIFY2(failed.contains(src.mid(1) + "/" + p),
                         qPrintable(p + " not among the failed: " + failed.join(", ")));
        }
    }

    // Item 21: a truncated data file: the job rebuilt is incomplete, not "completed".
    void scanOfATruncatedCartridgeMarksTheJobIncomplete() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 3 << 20));
        auto b = run_cli(
            h(home, {"backup", "--drives", "1", "--checkpoint", "1M", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        QFile data(home + "/libraries/vlib0/media/" + vol + "/data");
        QVERIFY(data.resize(data.size() / 2));
        lose_catalog(home);
        auto s = run_cli(h(home, {"scan", "--all", "--json"}));
        QCOMPARE(s.exit_code, 7);
        QCOMPARE(job_status(home, 1), QStringLiteral("partial"));
        auto jobs = run_cli(h(home, {"jobs", "list", "--json"}));
        QVERIFY(jobs.json().array().first().toObject().value("files").toInt() > 0);
    }

    // Item 21: a damaged label: --all and a named scan both report it with exit 9.
    void scanOfADamagedLabelIsReported() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        QCOMPARE(run_cli(h(home, small_library())).exit_code, 0);
        auto b = run_cli(
            h(home, {"backup", "--library", "small", "--drives", "1", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const auto vols = b.json().object().value("volumes").toArray();
        QVERIFY(vols.size() >= 2);
        const QString second = vols[1].toString();
        QVERIFY(flip(home + "/libraries/small/media/" + second + "/data", 1000));
        lose_catalog(home);
        QCOMPARE(run_cli(h(home, small_library())).exit_code, 0);
        auto s = run_cli(h(home, {"scan", "--all", "--library", "small", "--json"}));
        QCOMPARE(s.exit_code, 9);
        const auto o = s.json().object();
        QCOMPARE(o.value("damaged_volumes").toArray().first().toString(), second);
        QVERIFY(o.value("files_added").toInt() > 0); // the rest was scanned
        QCOMPARE(job_status(home, 1), QStringLiteral("partial"));
        auto one = run_cli(h(home, {"scan", second, "--library", "small", "--json"}));
        QCOMPARE(one.exit_code, 9);
    }

    // Item 22: kill -9 during a clone: the next start removes the half-made copy, and the same
    // clone command then copies what is missing.
    void killedCloneIsCleanedUpAndResumed() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(12 << 20, 1)));
        QVERIFY(tltest::write_file(src + "/b.bin", tltest::random_bytes(12 << 20, 2)));
        QCOMPARE(run_cli(h(home, {"library", "add", "--virtual", "--name", "two", "--drives", "2",
                                  "--slots", "8", "--mail", "1", "--capacity", "256M", "--prefix",
                                  "KIL"}))
                     .exit_code,
                 0);
        auto b = run_cli(
            h(home, {"backup", "--library", "two", "--drives", "2", "--sessions-per-drive", "1",
                     "--source", src + "/a.bin", "--source", src + "/b.bin", "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(sql(home, "SELECT count(*) FROM sessions"), QStringLiteral("2"));
        QCOMPARE(run_cli(h(home, {"pool", "add", "Offsite"})).exit_code, 0);
        QCOMPARE(run_cli(h(home, {"volume", "label", "--all-blank", "--pool", "Offsite",
                                  "--library", "two"}))
                     .exit_code,
                 0);
        // The copy's drive writes at 4 MB/s (the library's streaming model): the kill lands
        // while the second session is copied, after the first one is finished.
        const QString streaming = R"({"rate":4e6,"buffer":1e6,"reposition_s":0})";
        sql(home, tltest::catalog_on_postgres()
                      ? "UPDATE libraries SET config=(config::jsonb || jsonb_build_object("
                        "'streaming','" +
                            streaming + "'::jsonb))::text WHERE name='two'"
                      : "UPDATE libraries SET config=json_set(config,'$.streaming',json('" +
                            streaming + "')) WHERE name='two'");
        const QStringList clone = {"clone",   "--job",     "1",   "--pool",
                                   "Offsite", "--library", "two", "--json"};
        QProcess p;
        p.setProcessEnvironment(tltest::cli_environment(home));
        p.setProgram(QStringLiteral(TAPELOOM_CLI));
        p.setArguments(h(home, clone));
        p.start();
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            sql(home, "SELECT count(*) FROM savesets WHERE status='cloned'") == "1", 120000);
        QTest::qWait(500);
        QCOMPARE(p.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());
        QCOMPARE(sql(home, "SELECT count(*) FROM savesets WHERE status='cloning'"),
                 QStringLiteral("1"));
        // The next engine that takes the lock (a read-only command such as volume list does not
        // repair): the interrupted copy is removed, the finished one stays.
        QCOMPARE(run_cli(h(home, {"library", "list"})).exit_code, 0);
        QCOMPARE(sql(home, "SELECT count(*) FROM savesets WHERE status='cloning'"),
                 QStringLiteral("0"));
        QCOMPARE(sql(home, "SELECT count(*) FROM savesets WHERE status='cloned'"),
                 QStringLiteral("1"));
        auto again = run_cli(h(home, clone));
        QVERIFY2(again.exit_code == 0, again.err.constData());
        QCOMPARE(again.json().object().value("savesets").toArray().size(), 1);
        QCOMPARE(sql(home, "SELECT count(*) FROM savesets WHERE status='cloned'"),
                 QStringLiteral("2"));
        // Both copies restore: the originals' volumes marked damaged, the copies are read.
        for (const auto& v : b.json().object().value("volumes").toArray())
            QCOMPARE(run_cli(h(home, {"volume", "mark", v.toString(), "error"})).exit_code, 0);
        auto r = run_cli(h(home, {"restore", "--job", "1", "--library", "two", "--to",
                                  d.path() + "/r", "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(same_tree(src, d.path() + "/r" + src, &why), qPrintable(why));
    }

    // Item 23: a label on media the catalog never recorded (the labeling process was killed
    // in between) is recognised as ours and adopted.
    void unrecordedLabelOfOursIsAdopted() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        // The catalog forgets the volume and nothing else, as sqlite3 (foreign keys off by
        // default) does; on PostgreSQL the superuser's replica role skips the same checks.
        const QString unchecked =
            tltest::catalog_on_postgres() ? "SET session_replication_role=replica; " : "";
        const auto forget = [&](const QString& bc) {
            sql(home,
                unchecked +
                    "DELETE FROM volume_history WHERE volume_id=(SELECT id FROM volumes WHERE "
                    "barcode='" +
                    bc + "'); DELETE FROM volumes WHERE barcode='" + bc + "'");
        };
        const auto pool_of = [&](const QString& bc) {
            return sql(home, "SELECT p.name FROM volumes v JOIN pools p ON p.id=v.pool_id "
                             "WHERE v.barcode='" +
                                 bc + "'");
        };
        QCOMPARE(run_cli(h(home, {"pool", "add", "Offsite"})).exit_code, 0);
        for (const char* bc : {"TLO001L9", "TLO002L9"})
            QCOMPARE(run_cli(h(home, {"volume", "label", "--barcode", bc, "--pool",
                                      bc == QString("TLO001L9") ? "Default" : "Offsite"}))
                         .exit_code,
                     0);
        forget("TLO001L9");
        forget("TLO002L9");
        QCOMPARE(sql(home, "SELECT count(*) FROM volumes WHERE barcode LIKE 'TLO00_L9'"),
                 QStringLiteral("0"));
        // Labeling into another pool than its label's: refused, naming both ways out.
        auto l =
            run_cli(h(home, {"volume", "label", "--barcode", "TLO002L9", "--pool", "Default"}));
        QVERIFY(l.exit_code != 0);
        QVERIFY2(QString::fromUtf8(l.err).contains("volume adopt TLO002L9"), l.err.constData());
        auto a = run_cli(h(home, {"volume", "adopt", "TLO002L9", "--json"}));
        QVERIFY2(a.exit_code == 0, a.err.constData());
        QCOMPARE(pool_of("TLO002L9"), QStringLiteral("Offsite"));
        QCOMPARE(run_cli(h(home, {"volume", "adopt", "TLO002L9"})).exit_code, 1); // known now
        // A backup's auto-label adopts the empty one of its pool instead of skipping it.
        auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(b.json().object().value("volumes").toArray().first().toString(),
                 QStringLiteral("TLO001L9"));
        QCOMPARE(pool_of("TLO001L9"), QStringLiteral("Default"));
        // A cartridge of ours holding backups is not adopted: scan it.
        forget("TLO001L9");
        auto withData = run_cli(h(home, {"volume", "adopt", "TLO001L9"}));
        QCOMPARE(withData.exit_code, 2);
        QVERIFY(QString::fromUtf8(withData.err).contains("scan TLO001L9"));
    }

    // A labeling killed between the label block and its filemark: the catalog never knew the
    // volume and the tape holds the label with nothing after it. A backup adopts the cartridge,
    // completes the label and writes its data behind it.
    void labelKilledBeforeItsFilemarkIsCompletedOnAdoption() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        QCOMPARE(run_cli(h(home, {"volume", "label", "--barcode", "TLO001L9", "--pool", "Default"}))
                     .exit_code,
                 0);
        const QString unchecked =
            tltest::catalog_on_postgres() ? "SET session_replication_role=replica; " : "";
        sql(home, unchecked +
                      "DELETE FROM volume_history WHERE volume_id=(SELECT id FROM volumes WHERE "
                      "barcode='TLO001L9'); DELETE FROM volumes WHERE barcode='TLO001L9'");
        QFile index(home + "/libraries/vlib0/media/TLO001L9/index");
        QCOMPARE(index.size(), qint64(32)); // the label block and its filemark
        QVERIFY(index.resize(16));          // as if killed before the filemark

        auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(b.json().object().value("volumes").toArray().first().toString(),
                 QStringLiteral("TLO001L9"));
        const QString to = d.path() + "/out";
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
        // The next backup appends behind the first one on the same volume.
        auto again = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
        QVERIFY2(again.exit_code == 0, again.err.constData());
        auto r2 = run_cli(h(home, {"restore", "--job", "1", "--to", to + "2"}));
        QVERIFY2(r2.exit_code == 0, r2.err.constData());
        QVERIFY2(same_tree(src, to + "2" + src, &why), qPrintable(why));
    }
};

TLTEST_CATALOG_MAIN(TestUnderAttack)
#include "test_under_attack.moc"
