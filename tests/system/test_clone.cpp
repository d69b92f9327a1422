#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "job/clone_copies.h"

using tltest::CliResult;

// Cloning (docs/media.md "Cloning") through the real tapeloom-cli: a backup spanning small
// virtual cartridges is copied to volumes of an off-site pool; a restore reads the original
// while it is usable and the copy when the original is marked damaged or has a bad block, and
// what it restores is byte-identical to the source. Refusals change nothing.
class TestClone : public QObject {
    Q_OBJECT

    static CliResult cli(const QString& home, QStringList args) {
        args.prepend(home);
        args.prepend("--home");
        return tltest::run_cli(args);
    }
    static QJsonObject obj(const CliResult& r) { return r.json().object(); }
    static QStringList strings(const QJsonValue& v) {
        QStringList out;
        for (const auto& x : v.toArray())
            out << x.toString();
        return out;
    }

    // A 2-drive library of 8 MiB cartridges, a backup of a fixture tree spanning several of
    // them, and every other cartridge labeled into pool Offsite. Returns the backup's volumes.
    static QStringList backedUp(const QString& home, const QString& src) {
        if (!tltest::make_fixture_tree(src)) return {};
        auto r = cli(home, {"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "12", "--mail", "1", "--capacity", "8M", "--prefix", "OFS"});
        if (r.exit_code != 0) return {};
        r = cli(home, {"backup", "--library", "small", "--drives", "1", "--source", src, "--json"});
        if (r.exit_code != 0) return {};
        const QStringList vols = strings(obj(r).value("volumes"));
        if (cli(home, {"pool", "add", "Offsite", "--purpose", "clone"}).exit_code != 0) return {};
        r = cli(home,
                {"volume", "label", "--all-blank", "--pool", "Offsite", "--library", "small"});
        if (r.exit_code != 0) return {};
        return vols;
    }

    // Every entry of `src` restored under `to` (restores go to TARGET/original/path): regular
    // files byte for byte, symbolic links by target, directories present.
    static void compareTree(const QString& src, const QString& to) {
        QDirIterator it(src, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                        QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            const QString p = it.next();
            const QFileInfo a(p), b(to + p);
            QVERIFY2(b.exists() || b.isSymLink(), qPrintable("missing " + p));
            if (a.isSymLink()) {
                QVERIFY(b.isSymLink());
                QCOMPARE(b.symLinkTarget(), a.symLinkTarget().replace(src, to + src));
            } else if (a.isDir()) {
                QVERIFY(b.isDir());
            } else {
                QFile fa(p), fb(to + p);
                QVERIFY(fa.open(QIODevice::ReadOnly));
                QVERIFY2(fb.open(QIODevice::ReadOnly), qPrintable(p));
                QVERIFY2(fa.readAll() == fb.readAll(), qPrintable("bytes differ: " + p));
                ++files;
            }
        }
        QVERIFY(files > 200);
    }

private Q_SLOTS:
    // The copy selection is a pure function: the original while usable, else a usable clone.
    void chooseCopyPrefersTheUsableOriginal() {
        using tl::media::CopyVolume;
        using tl::media::SavesetCopy;
        SavesetCopy original{1, 1, true, "Default", {{"A1", "full", true}, {"A2", "append", true}}};
        SavesetCopy clone{2, 2, false, "Offsite", {{"B1", "append", true}}};
        QCOMPARE(tl::media::choose_copy({original, clone}), std::size_t{0});
        for (const char* state : {"error", "disabled"}) {
            auto damaged = original;
            damaged.volumes[1].state = state;
            QVERIFY(!tl::media::copy_usable(damaged));
            QCOMPARE(tl::media::choose_copy({damaged, clone}), std::size_t{1});
        }
        auto away = original;
        away.volumes[0].in_library = false;
        QCOMPARE(tl::media::choose_copy({away, clone}), std::size_t{1});
        auto clone_away = clone;
        clone_away.volumes[0].in_library = false;
        // Neither usable: the original (the restore then names what to bring back).
        QCOMPARE(tl::media::choose_copy({away, clone_away}), std::size_t{0});
        QCOMPARE(tl::media::choose_copy({original}), std::size_t{0});
    }

    void cloneRestoredWhenTheOriginalIsDamaged() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        const QStringList originals = backedUp(home, src);
        QVERIFY(originals.size() >= 2); // the backup spans cartridges

        auto r =
            cli(home, {"clone", "--job", "1", "--pool", "Offsite", "--library", "small", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QStringList copies = strings(obj(r).value("volumes_written"));
        QVERIFY(copies.size() >= 2); // the copy spans cartridges of its own
        for (const auto& v : copies)
            QVERIFY(!originals.contains(v));
        QCOMPARE(obj(r).value("savesets").toArray().size(), 1);
        QVERIFY(strings(obj(r).value("volumes_read")) == originals);
        // Its report counts the blocks each drive moved, and has no compression line (a clone
        // copies the stream as it is).
        const auto drives = obj(r).value("drives").toArray();
        QCOMPARE(drives.size(), 2);
        for (const auto& dr : drives)
            QVERIFY(dr.toObject().value("blocks").toInteger() > 0);
        const QString shown = cli(home, {"jobs", "show", "2"}).text();
        QVERIFY2(shown.contains("(clone): completed") && !shown.contains("compression"),
                 qPrintable(shown));

        // The catalog knows both copies.
        auto show = cli(home, {"jobs", "show", "1", "--json"});
        QCOMPARE(show.exit_code, 0);
        const auto listed = obj(show).value("copies").toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed[0].toObject().value("pool").toString(), QStringLiteral("Offsite"));
        QVERIFY(strings(listed[0].toObject().value("volumes")) == copies);
        for (const auto& v :
             cli(home, {"volume", "list", "--pool", "Offsite", "--json"}).json().array())
            if (copies.contains(v.toObject().value("barcode").toString()))
                QCOMPARE(v.toObject().value("jobs").toInt(), 1);

        // The copy's volumes list their objects from the media alone, as the original's do.
        auto objects = [&](const QStringList& vols) {
            QStringList paths;
            for (const auto& v : vols)
                for (const auto& o :
                     obj(cli(home, {"volume", "ls", v, "--library", "small", "--json"}))
                         .value("objects")
                         .toArray())
                    paths << o.toObject().value("path").toString();
            paths.sort();
            return paths;
        };
        const QStringList listed_original = objects(originals);
        QVERIFY(listed_original.size() > 200);
        QCOMPARE(objects(copies), listed_original);

        // The original is fine: the restore reads it, not the copy.
        const QString to1 = d.path() + "/r1";
        r = cli(home, {"restore", "--job", "1", "--library", "small", "--to", to1, "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        for (const auto& v : strings(obj(r).value("volumes")))
            QVERIFY2(originals.contains(v), qPrintable(v));
        compareTree(src, to1);

        // The original is damaged: the restore reads the copy.
        r = cli(home, {"volume", "mark", originals.last(), "error", "--reason", "dropped"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        auto hist = obj(cli(home, {"volume", "history", originals.last(), "--json"}))
                        .value("history")
                        .toArray();
        QCOMPARE(hist.last().toObject().value("to").toString(), QStringLiteral("error"));
        QVERIFY(hist.last().toObject().value("reason").toString().contains("dropped"));
        auto plan =
            cli(home, {"restore", "--job", "1", "--library", "small", "--to", "/x", "--dry-run"});
        QVERIFY2(plan.exit_code == 0, plan.err.constData());
        for (const auto& v : copies)
            QVERIFY(plan.text().contains(v));
        const QString to2 = d.path() + "/r2";
        r = cli(home, {"restore", "--job", "1", "--library", "small", "--to", to2, "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("failed").toInt(), 0);
        const QStringList read = strings(obj(r).value("volumes"));
        QVERIFY(!read.isEmpty());
        for (const auto& v : read)
            QVERIFY2(copies.contains(v), qPrintable(v));
        compareTree(src, to2);

        // Disabled works the same way.
        QCOMPARE(cli(home, {"volume", "mark", originals.last(), "enabled"}).exit_code, 0);
        QCOMPARE(cli(home, {"volume", "mark", originals.first(), "disabled"}).exit_code, 0);
        r = cli(home, {"restore", "--job", "1", "--library", "small", "--to", d.path() + "/r3",
                       "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        for (const auto& v : strings(obj(r).value("volumes")))
            QVERIFY2(copies.contains(v), qPrintable(v));
    }

    void badBlockOnTheOriginalIsReadFromTheCopy() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        const QStringList originals = backedUp(home, src);
        QVERIFY(!originals.isEmpty());
        auto r = cli(home, {"clone", "--job", "1", "--pool", "Offsite", "--library", "small"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QFile data(home + "/libraries/small/media/" + originals.first() + "/data");
        QVERIFY(data.open(QIODevice::ReadWrite));
        QVERIFY(data.seek(64 * 1024 + data.size() / 3));
        QVERIFY(data.write(QByteArray(64, '\x5a')) == 64);
        data.close();
        const QString to = d.path() + "/r";
        r = cli(home, {"restore", "--job", "1", "--library", "small", "--to", to, "--json"});
        QCOMPARE(r.exit_code, 8); // warnings: the original has a bad block
        QCOMPARE(obj(r).value("failed").toInt(), 0);
        QVERIFY(obj(r).value("bad_blocks").toArray().size() >= 1);
        compareTree(src, to);
    }

    // verify --pool reads the copies in that pool, not the original: a damaged block on the
    // copy is found there while the original verifies clean. A clone job or a pool without a
    // copy is refused, saying what to verify or clone instead.
    void verifyReadsTheCopiesOfAPool() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        const QStringList originals = backedUp(home, src);
        QVERIFY(!originals.isEmpty());
        auto r =
            cli(home, {"clone", "--job", "1", "--pool", "Offsite", "--library", "small", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QStringList copies = strings(obj(r).value("volumes_written"));
        QVERIFY(!copies.isEmpty());
        QFile data(home + "/libraries/small/media/" + copies.first() + "/data");
        QVERIFY(data.open(QIODevice::ReadWrite));
        QVERIFY(data.seek(64 * 1024 + data.size() / 3));
        QVERIFY(data.write(QByteArray(64, '\x5a')) == 64);
        data.close();

        r = cli(home, {"verify", "--job", "1", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY(strings(obj(r).value("volumes")) == originals);
        QVERIFY(obj(r).value("pool").isNull());

        r = cli(home, {"verify", "--job", "1", "--pool", "Offsite", "--json"});
        QCOMPARE(r.exit_code, 7); // partial: the copy has a bad block
        QCOMPARE(obj(r).value("pool").toString(), QStringLiteral("Offsite"));
        QVERIFY(strings(obj(r).value("volumes")) == copies);
        const auto bad = obj(r).value("bad_blocks").toArray();
        QVERIFY(!bad.isEmpty());
        QCOMPARE(bad[0].toObject().value("volume").toString(), copies.first());
        QVERIFY(obj(r).value("files_failed").toInt() >= 1);
        auto text = cli(home, {"verify", "--job", "1", "--pool", "Offsite"});
        QCOMPARE(text.exit_code, 7);
        QVERIFY(text.text().contains("Verify of job 1 in pool Offsite: partial"));
        QVERIFY(text.text().contains("from " + copies.first()));

        r = cli(home, {"verify", "--job", "2"}); // the clone job itself
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains("verify --job 1 --pool Offsite"),
                 r.err.constData());
        QCOMPARE(cli(home, {"pool", "add", "Vault", "--purpose", "clone"}).exit_code, 0);
        r = cli(home, {"verify", "--job", "1", "--pool", "Vault"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains("clone --job 1 --pool Vault"),
                 r.err.constData());
        QCOMPARE(cli(home, {"verify", "--job", "1", "--pool", "Nowhere"}).exit_code, 3);
    }

    void refusalsChangeNothing() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(!backedUp(home, src).isEmpty());
        QCOMPARE(cli(home, {"pool", "add", "Empty"}).exit_code, 0);
        auto state = [&] {
            // No refusal adds a job to the history (issue 42 item 17: a failed clone row).
            return cli(home, {"volume", "list", "--json"}).out +
                   cli(home, {"jobs", "show", "1", "--json"}).out +
                   cli(home, {"jobs", "list", "--json"}).out;
        };
        const QByteArray before = state();

        auto r = cli(home, {"clone", "--job", "1", "--pool", "Default", "--library", "small"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(QString::fromUtf8(r.err).contains("same pool"));
        r = cli(home, {"clone", "--job", "1", "--pool", "Empty", "--library", "small"});
        QCOMPARE(r.exit_code, 5);
        QVERIFY(QString::fromUtf8(r.err).contains("pool Empty"));
        QVERIFY(QString::fromUtf8(r.err).contains("volume label"));
        QCOMPARE(cli(home, {"clone", "--job", "42", "--pool", "Offsite"}).exit_code, 3);
        QCOMPARE(cli(home, {"clone", "--job", "1", "--pool", "Nowhere"}).exit_code, 3);
        QCOMPARE(
            cli(home, {"clone", "--job", "1", "--pool", "Offsite", "--saveset", "99"}).exit_code,
            3);
        QCOMPARE(cli(home, {"clone", "--job", "x", "--pool", "Offsite"}).exit_code, 2);
        QCOMPARE(state(), before);

        // Once cloned, a second copy to the same pool is refused too.
        QCOMPARE(
            cli(home, {"clone", "--job", "1", "--pool", "Offsite", "--library", "small"}).exit_code,
            0);
        const QByteArray cloned = state();
        r = cli(home, {"clone", "--job", "1", "--pool", "Offsite", "--library", "small"});
        QVERIFY(r.exit_code != 0);
        QVERIFY(QString::fromUtf8(r.err).contains("already has a copy"));
        QCOMPARE(state(), cloned);

        // The clone job is no backup to restore or browse, and a job that is gone says so
        // (it said "job 2 has no save sets", "job 42 has no file-tree save sets").
        for (const QStringList& args :
             {QStringList{"restore", "--job", "2", "--to", d.path() + "/x"},
              QStringList{"files", "ls", "--job", "2"}}) {
            r = cli(home, args);
            QCOMPARE(r.exit_code, 2);
            QVERIFY2(QString::fromUtf8(r.err).contains("job 2 is a clone job; choose a backup"),
                     r.err.constData());
        }
        r = cli(home, {"files", "ls", "--job", "42"});
        QCOMPARE(r.exit_code, 3);
        QVERIFY2(QString::fromUtf8(r.err).contains("job 42 does not exist"), r.err.constData());
        // A copy's save set ID names its original, which a restore reads or replaces by the copy.
        const auto copy = obj(cli(home, {"jobs", "show", "1", "--json"}))
                              .value("copies")
                              .toArray()
                              .first()
                              .toObject();
        const QString copyId = QString::number(copy.value("copy").toInteger());
        const QString originalId = QString::number(copy.value("saveset").toInteger());
        for (const QStringList& args :
             {QStringList{"restore", "--saveset", copyId, "--to", d.path() + "/y"},
              QStringList{"files", "ls", "--saveset", copyId}}) {
            r = cli(home, args);
            QCOMPARE(r.exit_code, 2);
            QVERIFY2(
                QString::fromUtf8(r.err).contains("is a copy (clone) of save set " + originalId) &&
                    QString::fromUtf8(r.err).contains("verify --job 1 --pool Offsite"),
                r.err.constData());
        }
    }
};

TLTEST_CATALOG_MAIN(TestClone)
#include "test_clone.moc"
