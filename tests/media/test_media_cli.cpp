#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::CliResult;

// Media management through the real tapeloom-cli on temporary data directories with virtual
// libraries: labeling, pools, volume limits, the Scratch pool, export and off-site tracking,
// inventory differences after a cartridge was moved by hand, retention over simulated months
// (the hidden --now EPOCH option sets the engine's calendar clock) and relabel refusals.
class TestMediaCli : public QObject {
    Q_OBJECT

    static constexpr qint64 kT0 = 1800000000; // a Friday in 2027
    static constexpr qint64 kDay = 86400;

    static CliResult cli(const QString& home, QStringList args, qint64 now = 0) {
        args.prepend(home);
        args.prepend("--home");
        if (now) args << "--now" << QString::number(now);
        return tltest::run_cli(args);
    }
    static QJsonObject obj(const CliResult& r) { return r.json().object(); }
    static QJsonArray arr(const CliResult& r) { return r.json().array(); }
    static QString err(const CliResult& r) { return QString::fromUtf8(r.err); }
    static QJsonObject volume(const QString& home, const QString& barcode) {
        for (const auto& v : arr(cli(home, {"volume", "list", "--json"})))
            if (v.toObject().value("barcode").toString() == barcode) return v.toObject();
        return {};
    }
    static QJsonArray history(const QString& home, const QString& barcode) {
        return obj(cli(home, {"volume", "history", barcode, "--json"})).value("history").toArray();
    }
    // Writes a small tree to back up.
    static QString tree(const QTemporaryDir& d, const QString& name, int files = 5) {
        const QString root = d.path() + "/" + name;
        for (int i = 0; i < files; ++i)
            tltest::write_file(root + QStringLiteral("/f%1.txt").arg(i),
                               tltest::random_bytes(1000 + i * 100, static_cast<quint32>(i)));
        return root;
    }
    // A virtual library of 8 MB cartridges; "" when added, else the CLI's error.
    static QByteArray add_library(const QString& home, const QString& name, int drives,
                                  int slot_count, int mail, const QString& prefix) {
        auto r =
            cli(home, {"library", "add", "--virtual", "--name", name, "--drives",
                       QString::number(drives), "--slots", QString::number(slot_count), "--mail",
                       QString::number(mail), "--capacity", "8M", "--prefix", prefix});
        return r.exit_code == 0 ? QByteArray()
                                : r.err + " (exit " + QByteArray::number(r.exit_code) + ")";
    }
    static QString mediaDir(const QString& home, const QString& lib) {
        return home + "/libraries/" + lib + "/changer/state.json";
    }

private Q_SLOTS:
    void labelBackupExportOffsite() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QCOMPARE(add_library(home, "small", 2, 6, 1, "SML"), QByteArray());
        auto r = cli(home, {"pool", "add", "Weekly", "--retention", "30", "--file-retention", "7",
                            "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("file_retention_days").toInt(), 7);
        r = cli(home, {"pool", "add", "Weekly"});
        QCOMPARE(r.exit_code, 1);
        QVERIFY(err(r).contains("Weekly"));

        // Every blank cartridge of the library in one command.
        r = cli(home, {"volume", "label", "--all-blank", "--pool", "Weekly", "--library", "small",
                       "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("labeled").toArray().size(), 6);
        r = cli(home, {"volume", "list", "--pool", "Weekly", "--state", "append", "--json"});
        QCOMPARE(arr(r).size(), 6);
        const auto first = volume(home, "SML001L9");
        QCOMPARE(first.value("location").toObject().value("slot").toInt(), 1);
        QCOMPARE(first.value("location").toObject().value("library").toString(),
                 QStringLiteral("small"));
        auto h = history(home, "SML001L9");
        QCOMPARE(h.size(), 1);
        QVERIFY(h[0].toObject().value("from").isNull());
        QCOMPARE(h[0].toObject().value("to").toString(), QStringLiteral("append"));
        // Nothing blank is left; the label on tape reads back as written.
        r = cli(home, {"volume", "label", "--all-blank", "--pool", "Weekly", "--library", "small",
                       "--json"});
        QCOMPARE(obj(r).value("labeled").toArray().size(), 0);
        r = cli(home, {"volume", "ls", "SML002L9", "--library", "small", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("pool").toString(), QStringLiteral("Weekly"));
        r = cli(home, {"volume", "label", "--barcode", "SML002L9", "--pool", "Weekly", "--library",
                       "small"});
        QCOMPARE(r.exit_code, 1);
        QVERIFY(err(r).contains("relabel"));

        r = cli(home, {"backup", "--library", "small", "--pool", "Weekly", "--drives", "1",
                       "--source", tree(d, "src"), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString vol = obj(r).value("volumes").toArray().first().toString();
        QCOMPARE(volume(home, vol).value("jobs").toInt(), 1);

        // The cartridge is still in the drive: exporting it is refused, nothing moves.
        const QByteArray before = [&] {
            QFile f(mediaDir(home, "small"));
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        r = cli(home, {"library", "export", "--barcode", vol, "--mail", "1", "--library", "small"});
        QCOMPARE(r.exit_code, 4);
        QVERIFY2(err(r).contains("drive") && err(r).contains("unload"), r.err.constData());
        {
            QFile f(mediaDir(home, "small"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), before);
        }
        // Marking it off-site while it is in the library is refused too.
        r = cli(home, {"volume", "mark", vol, "offsite", "--location", "vault"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(err(r).contains("export"), r.err.constData());

        r = cli(home, {"library", "unload", "--drive", "0", "--library", "small"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home, {"library", "export", "--barcode", vol, "--mail", "1", "--library", "small"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(volume(home, vol).value("location").toObject().value("where").toString(),
                 QStringLiteral("mail"));
        r = cli(home, {"volume", "mark", vol, "offsite", "--location", "vault", "--json"}, kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto loc = volume(home, vol).value("location").toObject();
        QCOMPARE(loc.value("where").toString(), QStringLiteral("outside"));
        QCOMPARE(loc.value("site").toString(), QStringLiteral("vault"));
        QCOMPARE(loc.value("left_at").toInteger(), kT0);
        r = cli(home, {"library", "inventory", "--library", "small", "--json"});
        QVERIFY(!r.text().contains(vol)); // taken out of the mail slot
        QVERIFY(history(home, vol).last().toObject().value("reason").toString().contains("vault"));
        // The catalog and the changer agree.
        r = cli(home, {"library", "inventory", "--library", "small", "--reconcile", "--json"});
        QCOMPARE(obj(r).value("differences").toArray().size(), 0);
        // Back on site: inserted, imported, the catalog follows.
        QVERIFY(
            cli(home, {"library", "insert", "--mail", "1", "--barcode", vol, "--library", "small"})
                .exit_code == 0);
        QVERIFY(cli(home, {"library", "import", "--mail", "1", "--to", "1", "--library", "small"})
                    .exit_code == 0);
        QCOMPARE(volume(home, vol).value("location").toObject().value("slot").toInt(), 1);
    }

    // A cartridge in a mail slot is at the door (exported, or inserted and not imported): no
    // backup or labeling writes on it, also once a restore has read it into a drive; a restore
    // may read it from there.
    void cartridgesAtTheDoorAreNotWritten() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QCOMPARE(add_library(home, "door", 1, 4, 2, "DOR"), QByteArray());
        auto r =
            cli(home, {"volume", "label", "--all-blank", "--pool", "Default", "--library", "door"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString src = tree(d, "src");
        const QStringList backup = {"backup", "--library", "door", "--source", src, "--json"};
        r = cli(home, backup);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString job = QString::number(obj(r).value("job_id").toInt());
        const QString vol = obj(r).value("volumes").toArray().first().toString();
        QVERIFY(cli(home, {"library", "unload", "--drive", "0", "--library", "door"}).exit_code ==
                0);
        r = cli(home, {"library", "export", "--barcode", vol, "--mail", "1", "--library", "door"});
        QVERIFY2(r.exit_code == 0, r.err.constData());

        // The next backup goes to another volume; the exported one stays in the mail slot.
        r = cli(home, backup);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY2(!obj(r).value("volumes").toArray().contains(vol), r.out.constData());
        QCOMPARE(volume(home, vol).value("jobs").toInt(), 1);
        r = cli(home, {"library", "inventory", "--library", "door", "--json"});
        QCOMPARE(obj(r).value("mail_slots").toArray().first().toObject().value("barcode"),
                 QJsonValue(vol));

        // A restore reads it from there, and the backup after it still does not write on it.
        const QString to = d.path() + "/r";
        r = cli(home, {"restore", "--job", job, "--to", to});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
        r = cli(home, backup);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY2(!obj(r).value("volumes").toArray().contains(vol), r.out.constData());
        QCOMPARE(volume(home, vol).value("jobs").toInt(), 1);

        // A blank cartridge put into the other mail slot is not labeled until it is imported.
        QVERIFY(cli(home, {"library", "insert", "--mail", "2", "--barcode", "NEW001L9", "--library",
                           "door"})
                    .exit_code == 0);
        r = cli(home, {"volume", "label", "--all-blank", "--pool", "Default", "--library", "door",
                       "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("labeled").toArray().size(), 0);
    }

    void inventoryReportsHandMoves() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        for (const char* bc : {"TLO001L9", "TLO002L9", "TLO003L9"}) {
            auto r = cli(home, {"volume", "label", "--barcode", bc, "--pool", "Default"});
            QVERIFY2(r.exit_code == 0, r.err.constData());
        }
        // A new library: the cartridges the catalog does not know yet are differences once,
        // recorded as blank by --reconcile.
        auto r = cli(home, {"library", "inventory", "--reconcile", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("differences").toArray().size(), 21);
        for (const auto& x : obj(r).value("differences").toArray())
            QCOMPARE(x.toObject().value("kind").toString(), QStringLiteral("unknown"));
        QCOMPARE(volume(home, "TLO024L9").value("state").toString(), QStringLiteral("blank"));
        r = cli(home, {"library", "inventory", "--reconcile", "--json"});
        QCOMPARE(obj(r).value("differences").toArray().size(), 0);

        // By hand: TLO003L9 taken away, TLO002L9 moved into its slot 3, a new cartridge in slot 2.
        QFile f(mediaDir(home, "vlib0"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        auto state = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        auto slotArr = state.value("slots").toArray();
        QCOMPARE(slotArr[1].toString(), QStringLiteral("TLO002L9"));
        slotArr[1] = "NEW100L9";
        slotArr[2] = "TLO002L9";
        state["slots"] = slotArr;
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(state).toJson());
        f.close();

        // The catalog and the changer disagree about TLO003L9: marking it is refused.
        r = cli(home, {"volume", "mark", "TLO003L9", "offsite", "--location", "vault"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(err(r).contains("reconcile"), r.err.constData());

        r = cli(home, {"library", "inventory", "--reconcile", "--dry-run", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QMap<QString, QJsonObject> diff;
        for (const auto& x : obj(r).value("differences").toArray())
            diff[x.toObject().value("barcode").toString()] = x.toObject();
        QCOMPARE(diff.size(), 3);
        QCOMPARE(diff["TLO002L9"].value("kind").toString(), QStringLiteral("moved"));
        QCOMPARE(diff["TLO002L9"].value("catalog").toString(), QStringLiteral("slot 2 of vlib0"));
        QCOMPARE(diff["TLO002L9"].value("changer").toString(), QStringLiteral("slot 3"));
        QCOMPARE(diff["TLO003L9"].value("kind").toString(), QStringLiteral("missing"));
        QCOMPARE(diff["NEW100L9"].value("kind").toString(), QStringLiteral("unknown"));
        QCOMPARE(volume(home, "TLO002L9").value("location").toObject().value("slot").toInt(), 2);

        r = cli(home, {"library", "inventory", "--reconcile", "--json"});
        QCOMPARE(obj(r).value("differences").toArray().size(), 3);
        QVERIFY(obj(r).value("updated").toBool());
        QCOMPARE(volume(home, "TLO002L9").value("location").toObject().value("slot").toInt(), 3);
        QCOMPARE(volume(home, "TLO003L9").value("location").toObject().value("site").toString(),
                 QStringLiteral("missing"));
        QCOMPARE(volume(home, "NEW100L9").value("state").toString(), QStringLiteral("blank"));
        r = cli(home, {"library", "inventory", "--reconcile", "--json"});
        QCOMPARE(obj(r).value("differences").toArray().size(), 0);
        // Found again in the vault: recorded.
        r = cli(home, {"volume", "mark", "TLO003L9", "offsite", "--location", "vault"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(volume(home, "TLO003L9").value("location").toObject().value("site").toString(),
                 QStringLiteral("vault"));
        // A cleaning cartridge is recognised and never labeled.
        QVERIFY(
            cli(home, {"library", "insert", "--mail", "1", "--barcode", "CLN001L1"}).exit_code ==
            0);
        QVERIFY(cli(home, {"library", "inventory", "--reconcile"}).exit_code == 0);
        QCOMPARE(volume(home, "CLN001L1").value("state").toString(), QStringLiteral("cleaning"));
        r = cli(home, {"volume", "label", "--barcode", "CLN001L1", "--pool", "Default"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(err(r).contains("cleaning"));
    }

    // An off-site copy (clone) in a pool that keeps its volumes longer keeps its job: past its
    // own pool's 30 days the job stays, with its file entries and every volume it is on, for
    // the copy pool's 365; then the job goes and both pools' volumes become recyclable.
    void aCopyKeepsItsJobForItsPoolsRetention() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QCOMPARE(add_library(home, "two", 2, 8, 1, "CPY"), QByteArray());
        auto r = cli(home, {"pool", "edit", "Default", "--retention", "30"}, kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home, {"pool", "add", "Vault", "--purpose", "clone", "--retention", "365"}, kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home,
                {"backup", "--library", "two", "--drives", "1", "--source", tree(d, "a"), "--json"},
                kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto originals = obj(r).value("volumes").toArray();
        r = cli(home, {"volume", "label", "--all-blank", "--pool", "Vault", "--library", "two"},
                kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home, {"clone", "--job", "1", "--pool", "Vault", "--library", "two", "--json"},
                kT0 + kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto copies = obj(r).value("volumes_written").toArray();
        QCOMPARE(copies.size(), 1);

        // Day 40: past the Default pool's retention, within the Vault's: nothing goes, and the
        // report says which pool keeps the job until when.
        r = cli(home, {"prune", "--dry-run"}, kT0 + 40 * kDay);
        QVERIFY2(r.text().contains("job 1 kept past its pool's retention: its copy in pool Vault "
                                   "is kept until 2028-01-15"),
                 qPrintable(r.text()));
        r = cli(home, {"prune", "--json"}, kT0 + 40 * kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("jobs_expired").toArray().size(), 0);
        QCOMPARE(obj(r).value("files_expired").toArray().size(), 0);
        QCOMPARE(obj(r).value("volumes_recyclable").toArray().size(), 0);
        const auto kept = obj(r).value("kept_for_copies").toArray();
        QCOMPARE(kept.size(), 1);
        QCOMPARE(kept[0].toObject().value("id").toInt(), 1);
        QCOMPARE(kept[0].toObject().value("pool").toString(), QStringLiteral("Vault"));
        QCOMPARE(kept[0].toObject().value("until").toInteger(), kT0 + 365 * kDay);
        // Its volumes are refused to a recycle by hand, naming the copy's date.
        r = cli(home, {"volume", "recycle", originals[0].toString()}, kT0 + 40 * kDay);
        QVERIFY(r.exit_code != 0);
        QVERIFY2(err(r).contains("kept until 2028-01-15"), r.err.constData());
        QVERIFY(cli(home, {"files", "ls", "--job", "1"}).text().contains("f0.txt"));
        for (const auto& v : originals)
            QCOMPARE(volume(home, v.toString()).value("state").toString(),
                     QStringLiteral("append"));

        // Day 400: past both, the job goes and every volume it was on is recyclable.
        r = cli(home, {"prune", "--json"}, kT0 + 400 * kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto expired = obj(r).value("jobs_expired").toArray();
        QCOMPARE(expired.size(), 1);
        QCOMPARE(expired[0].toObject().value("id").toInt(), 1);
        const auto recyclable = obj(r).value("volumes_recyclable").toArray();
        QCOMPARE(recyclable.size(), originals.size() + copies.size());
        for (const auto& v : copies)
            QVERIFY2(recyclable.contains(v), qPrintable(v.toString()));
    }

    void retentionOverSimulatedMonths() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto r = cli(home,
                     {"pool", "edit", "Default", "--retention", "30", "--file-retention", "7",
                      "--max-jobs", "1"},
                     kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home,
                {"backup", "--name", "A", "--drives", "1", "--source", tree(d, "a"), "--json"},
                kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString v1 = obj(r).value("volumes").toArray().first().toString();
        // One job per volume: the next backup finds v1 used and labels another.
        r = cli(home,
                {"backup", "--name", "B", "--drives", "1", "--source", tree(d, "b"), "--json"},
                kT0 + kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString v2 = obj(r).value("volumes").toArray().first().toString();
        QVERIFY(v1 != v2);
        QCOMPARE(volume(home, v1).value("state").toString(), QStringLiteral("used"));
        QVERIFY(history(home, v1).last().toObject().value("reason").toString().contains(
            "1 job(s) per volume"));

        // Day 10: file entries past 7 days expire; the dry run changes nothing.
        r = cli(home, {"prune", "--dry-run", "--json"}, kT0 + 10 * kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("files_expired").toArray().size(), 2);
        QCOMPARE(obj(r).value("jobs_expired").toArray().size(), 0);
        QVERIFY(cli(home, {"files", "ls", "--job", "1"}).text().contains("f0.txt"));
        r = cli(home, {"prune", "--json"}, kT0 + 10 * kDay);
        QCOMPARE(obj(r).value("files_expired").toArray().size(), 2);
        QVERIFY(!cli(home, {"files", "ls", "--job", "1"}).text().contains("f0.txt"));
        QCOMPARE(arr(cli(home, {"jobs", "list", "--json"})).size(), 2);

        // Day 40: both jobs expire, both volumes hold nothing kept and become recyclable.
        r = cli(home, {"prune", "--json"}, kT0 + 40 * kDay);
        QCOMPARE(obj(r).value("jobs_expired").toArray().size(), 2);
        QCOMPARE(obj(r).value("volumes_recyclable").toArray().size(), 2);
        QCOMPARE(arr(cli(home, {"volume", "list", "--state", "recyclable", "--json"})).size(), 2);
        QCOMPARE(arr(cli(home, {"jobs", "list", "--json"})).size(), 0);
        auto h = history(home, v1);
        QCOMPARE(h.size(), 3); // labeled, used, recyclable
        QCOMPARE(h[2].toObject().value("to").toString(), QStringLiteral("recyclable"));
        QCOMPARE(h[2].toObject().value("time").toInteger(), kT0 + 40 * kDay);

        // Day 41: the next backup reuses a recyclable volume instead of a blank one.
        r = cli(home,
                {"backup", "--name", "C", "--drives", "1", "--source", tree(d, "c"), "--json"},
                kT0 + 41 * kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString v3 = obj(r).value("volumes").toArray().first().toString();
        QVERIFY2(v3 == v1 || v3 == v2, qPrintable(v3));
        QCOMPARE(volume(home, v3).value("state").toString(), QStringLiteral("append"));
        QVERIFY(
            history(home, v3).last().toObject().value("reason").toString().contains("recycled"));
        QCOMPARE(arr(cli(home, {"volume", "list", "--json"})).size(), 2);
        const QString job = QString::number(obj(r).value("job_id").toInt());
        r = cli(home, {"verify", "--job", job, "--json"});
        QVERIFY2(r.exit_code == 0, r.out.constData());
    }

    void relabelRefusedThenForced() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto r = cli(home, {"backup", "--drives", "1", "--source", tree(d, "src"), "--json"}, kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString vol = obj(r).value("volumes").toArray().first().toString();
        const int entries = history(home, vol).size();
        r = cli(home, {"volume", "relabel", vol}, kT0 + kDay);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(err(r).contains(vol) && err(r).contains("--force"), r.err.constData());
        r = cli(home, {"volume", "recycle", vol}, kT0 + kDay);
        QCOMPARE(r.exit_code, 2);
        QCOMPARE(arr(cli(home, {"jobs", "list", "--json"})).size(), 1);
        QCOMPARE(history(home, vol).size(), entries);

        r = cli(home, {"volume", "relabel", vol, "--force", "--json"}, kT0 + kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("jobs_purged").toInt(), 1);
        QCOMPARE(obj(r).value("bytes").toInt(), 0);
        QCOMPARE(arr(cli(home, {"jobs", "list", "--json"})).size(), 0);
        QCOMPARE(cli(home, {"jobs", "show", "1"}).exit_code, 3);
        QVERIFY(
            history(home, vol).last().toObject().value("reason").toString().contains("--force"));
        r = cli(home, {"volume", "ls", vol, "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("objects").toArray().size(), 0);
        QCOMPARE(obj(r).value("barcode").toString(), vol);

        // Once the retention (Default: 30 days) has passed, relabeling needs no force, also
        // before any prune ran: the volume is recycled and relabeled, its job purged.
        r = cli(home, {"backup", "--drives", "1", "--source", tree(d, "src2"), "--json"},
                kT0 + 2 * kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("volumes").toArray().first().toString(), vol);
        r = cli(home, {"volume", "relabel", vol, "--json"}, kT0 + 40 * kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("jobs_purged").toInt(), 1);
        const auto h = history(home, vol);
        QCOMPARE(h[h.size() - 2].toObject().value("to").toString(), QStringLiteral("recyclable"));
        QCOMPARE(h.last().toObject().value("to").toString(), QStringLiteral("append"));
        QCOMPARE(h.last().toObject().value("time").toInteger(), kT0 + 40 * kDay);
    }

    void unreadableLabelMarksError() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto r = cli(home, {"backup", "--drives", "1", "--source", tree(d, "a"), "--json"}, kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString vol = obj(r).value("volumes").toArray().first().toString();
        // Damage the label block (the first 64 KiB of the cartridge): its CRC no longer matches.
        QFile data(home + "/libraries/vlib0/media/" + vol + "/data");
        QVERIFY(data.open(QIODevice::ReadWrite));
        QVERIFY(data.seek(100));
        QVERIFY(data.write(QByteArray(16, '\x5a')) == 16);
        data.close();
        r = cli(home, {"backup", "--drives", "1", "--source", tree(d, "b"), "--json"}, kT0 + kDay);
        QVERIFY2(r.exit_code == 0 || r.exit_code == 8, r.err.constData());
        QVERIFY(obj(r).value("volumes").toArray().first().toString() != vol);
        QCOMPARE(volume(home, vol).value("state").toString(), QStringLiteral("error"));
        const auto last = history(home, vol).last().toObject();
        QCOMPARE(last.value("from").toString(), QStringLiteral("append"));
        QCOMPARE(last.value("time").toInteger(), kT0 + kDay);
        // Back in use after a check: it holds data, so it is not appended to.
        QCOMPARE(cli(home, {"volume", "mark", vol, "enabled"}).exit_code, 0);
        QCOMPARE(volume(home, vol).value("state").toString(), QStringLiteral("used"));
    }

    // A volume marked read-only or disabled returns to the state it had once enabled: an
    // appendable one with data is appended to again (it became "used" for good). One in error
    // stays closed to appends (unreadableLabelMarksError).
    void markedVolumeReturnsToItsStateWhenEnabled() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto r = cli(home, {"backup", "--drives", "1", "--source", tree(d, "a"), "--json"}, kT0);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString vol = obj(r).value("volumes").toArray().first().toString();
        QCOMPARE(volume(home, vol).value("state").toString(), QStringLiteral("append"));
        QCOMPARE(cli(home, {"volume", "mark", vol, "read-only"}).exit_code, 0);
        QCOMPARE(cli(home, {"volume", "mark", vol, "enabled"}).exit_code, 0);
        QCOMPARE(volume(home, vol).value("state").toString(), QStringLiteral("append"));
        QCOMPARE(cli(home, {"volume", "mark", vol, "read-only"}).exit_code, 0);
        QCOMPARE(cli(home, {"volume", "mark", vol, "disabled"}).exit_code, 0);
        QCOMPARE(cli(home, {"volume", "mark", vol, "enabled"}).exit_code, 0);
        QCOMPARE(volume(home, vol).value("state").toString(), QStringLiteral("append"));
        r = cli(home, {"backup", "--drives", "1", "--source", tree(d, "b"), "--json"}, kT0 + kDay);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("volumes").toArray().first().toString(), vol); // appended to
    }

    void poolsScratchAndBadInput() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto r = cli(home, {"pool", "remove", "Default"});
        QCOMPARE(r.exit_code, 2);
        r = cli(home, {"pool", "remove", "Nope"});
        QCOMPARE(r.exit_code, 3);
        QVERIFY(err(r).contains("Nope"));
        r = cli(home, {"volume", "label", "--barcode", "TLO001L9", "--pool", "Nope"});
        QCOMPARE(r.exit_code, 3);
        QVERIFY(err(r).contains("Nope") && err(r).contains("pool add"));
        r = cli(home, {"pool", "add", "Bad", "--retention", "5", "--file-retention", "9"});
        QCOMPARE(r.exit_code, 2);
        r = cli(home, {"volume", "list", "--state", "bogus"});
        QCOMPARE(r.exit_code, 2);
        r = cli(home, {"volume", "mark", "NOSUCH", "disabled"});
        QCOMPARE(r.exit_code, 3);

        QVERIFY(cli(home, {"pool", "add", "Offsite", "--auto-label", "no"}).exit_code == 0);
        QVERIFY(cli(home, {"volume", "label", "--barcode", "TLO005L9", "--pool", "Offsite"})
                    .exit_code == 0);
        r = cli(home, {"pool", "remove", "Offsite"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(err(r).contains("1 volume"), r.err.constData());
        // Read-only: no relabel even with --force; enabled again it is appendable.
        QCOMPARE(cli(home, {"volume", "mark", "TLO005L9", "read-only"}).exit_code, 0);
        QCOMPARE(cli(home, {"volume", "mark", "TLO005L9", "read-only"}).exit_code, 2);
        r = cli(home, {"volume", "relabel", "TLO005L9", "--force"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(err(r).contains("read-only"));
        QCOMPARE(cli(home, {"volume", "mark", "TLO005L9", "disabled"}).exit_code, 0);
        QCOMPARE(cli(home, {"volume", "mark", "TLO005L9", "enabled"}).exit_code, 0);
        QCOMPARE(volume(home, "TLO005L9").value("state").toString(), QStringLiteral("append"));
        QCOMPARE(history(home, "TLO005L9").size(), 4);

        // Offsite does not label blanks: with its volume disabled it borrows from Scratch.
        QCOMPARE(cli(home, {"volume", "mark", "TLO005L9", "disabled"}).exit_code, 0);
        r = cli(home, {"backup", "--pool", "Offsite", "--drives", "1", "--source", tree(d, "x")});
        QVERIFY2(r.exit_code != 0, r.out.constData()); // no volume to write on
        QVERIFY(cli(home, {"volume", "label", "--barcode", "TLO010L9", "--pool", "Scratch"})
                    .exit_code == 0);
        r = cli(home, {"backup", "--pool", "Offsite", "--drives", "1", "--source", tree(d, "y"),
                       "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("volumes").toArray().first().toString(), QStringLiteral("TLO010L9"));
        QCOMPARE(volume(home, "TLO010L9").value("pool").toString(), QStringLiteral("Offsite"));
        QVERIFY(history(home, "TLO010L9")
                    .last()
                    .toObject()
                    .value("reason")
                    .toString()
                    .contains("Scratch"));
        // Unknown to the catalog, the other blanks were not touched.
        QVERIFY(volume(home, "TLO001L9").isEmpty());
    }
};

TLTEST_CATALOG_MAIN(TestMediaCli)
#include "test_media_cli.moc"
