// Restores, verifies and clones are jobs like a backup (docs/jobs.md): through the real CLI, each
// has its row in `jobs list` with its status, a stored report (`report --job ID`) whose files and
// bytes are what was actually restored or verified, and its live figures on the LiveBoard
// (`monitor`). A restore that meets a damaged block stores a report naming the files it lost.
#include <QtTest>

#include <random>

#include "cli_runner.h"

using tltest::run_cli;

namespace {
struct Tree {
    int files = 0;
    qint64 bytes = 0;
};

// Regular files only (no links, no holes): their count and sizes are what a restore writes.
bool make_tree(const QString& root, Tree& t) {
    std::mt19937 g(42);
    for (int d = 0; d < 4; ++d) {
        const QString dir = root + QStringLiteral("/d%1").arg(d);
        if (!QDir().mkpath(dir)) return false;
        for (int f = 0; f < 10; ++f) {
            const int size = (f == 0 ? (2 << 20) : 1000 + static_cast<int>(g() % 60000));
            QByteArray b(size, '\0');
            for (auto& c : b)
                c = static_cast<char>(g());
            QFile out(dir + QStringLiteral("/f%1.bin").arg(f));
            if (!out.open(QIODevice::WriteOnly) || out.write(b) != size) return false;
            ++t.files;
            t.bytes += size;
        }
    }
    return true;
}

QJsonObject job_row(const QString& home, int id) {
    auto l = run_cli({"--home", home, "--json", "jobs", "list"});
    for (const auto& j : l.json().array())
        if (j.toObject().value("id").toInt() == id) return j.toObject();
    return {};
}

QJsonObject stored_report(const QString& home, int id) {
    auto r = run_cli({"--home", home, "--json", "report", "--job", QString::number(id)});
    return r.exit_code == 0 ? r.json().object().value("report").toObject() : QJsonObject();
}

QJsonObject live_of(const QString& home, int id) {
    auto m = run_cli({"--home", home, "--json", "monitor", "--interval", "100ms", "--count", "1"});
    const auto line = QJsonDocument::fromJson(m.out.split('\n').first()).object();
    for (const auto& j : line.value("jobs").toArray())
        if (j.toObject().value("job_id").toInt() == id) return j.toObject();
    return {};
}
} // namespace

class TestJobReports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void restoreAndVerifyAreJobsWithReports() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        Tree tree;
        QVERIFY(make_tree(src, tree));
        auto b = run_cli({"--home", home, "--json", "backup", "--source", src});
        QCOMPARE(b.exit_code, 0);
        const int backup = b.json().object().value("job_id").toInt();
        // Without compression the report says none, not the headers' share of the stream as a
        // ratio below 1; each drive's bytes are its blocks, control blocks counted with the data.
        const auto br = b.json().object();
        QCOMPARE(br.value("codec").toString(), QStringLiteral("none"));
        QVERIFY(br.value("block_size").toInteger() > 0);
        for (const auto& dv : br.value("drives").toArray()) {
            const auto drive = dv.toObject();
            QCOMPARE(drive.value("bytes").toInteger(),
                     drive.value("blocks").toInteger() * br.value("block_size").toInteger());
        }
        const auto btext = run_cli({"--home", home, "report", "--job", QString::number(backup)});
        QCOMPARE(btext.exit_code, 0);
        QVERIFY2(btext.text().contains(QStringLiteral("compression    : none\n")),
                 btext.out.constData());

        auto r = run_cli(
            {"--home", home, "--json", "restore", "--job", QString::number(backup), "--to", to});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const int restore = r.json().object().value("job_id").toInt();
        QVERIFY(restore > backup);
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
        QCOMPARE(job_row(home, restore).value("kind").toString(), QStringLiteral("restore"));
        QCOMPARE(job_row(home, restore).value("status").toString(), QStringLiteral("completed"));
        const auto rr = stored_report(home, restore);
        QCOMPARE(rr.value("kind").toString(), QStringLiteral("restore"));
        QCOMPARE(rr.value("bytes").toInteger(), tree.bytes);
        // Files restored: the regular files and the directories above them.
        QVERIFY(rr.value("files").toInteger() >= tree.files);
        QVERIFY(!rr.value("volumes").toArray().isEmpty());
        QVERIFY(rr.value("tape_bytes").toInteger() >= tree.bytes);
        // Each drive that read for the restore names the blocks it read, not "0 blocks".
        const auto rdrives = rr.value("drives").toArray();
        QCOMPARE(rdrives.size(), 1);
        for (const auto& dv : rdrives) {
            const auto drive = dv.toObject();
            QVERIFY(drive.value("bytes").toInteger() >= tree.bytes);
            QVERIFY2(drive.value("blocks").toInteger() > 0,
                     "a drive that read the restore's data reports 0 blocks");
            // No block holds more than 4 MiB (format/constants.h kMaxBlockSize).
            QVERIFY(drive.value("bytes").toInteger() <=
                    drive.value("blocks").toInteger() * (qint64(4) << 20));
        }
        const auto rtext = run_cli({"--home", home, "report", "--job", QString::number(restore)});
        QCOMPARE(rtext.exit_code, 0);
        QVERIFY2(!rtext.text().contains(QStringLiteral(" 0 blocks")), rtext.out.constData());
        const auto rlive = live_of(home, restore);
        QCOMPARE(rlive.value("kind").toString(), QStringLiteral("restore"));
        QVERIFY(rlive.value("ended").toBool());
        QCOMPARE(rlive.value("drives").toArray().size(), 1);
        QVERIFY(rlive.value("tape_bytes").toInteger() >= tree.bytes);

        auto v = run_cli({"--home", home, "--json", "verify", "--job", QString::number(backup)});
        QCOMPARE(v.exit_code, 0);
        const int verify = v.json().object().value("verify_job_id").toInt();
        QVERIFY(verify > restore);
        QCOMPARE(job_row(home, verify).value("kind").toString(), QStringLiteral("verify"));
        QCOMPARE(job_row(home, verify).value("status").toString(), QStringLiteral("completed"));
        const auto vr = stored_report(home, verify);
        QCOMPARE(vr.value("kind").toString(), QStringLiteral("verify"));
        QCOMPARE(vr.value("bytes").toInteger(), tree.bytes);
        QCOMPARE(vr.value("files").toInteger(), v.json().object().value("files_ok").toInteger());
        QVERIFY(vr.value("files").toInteger() >= tree.files);
        QVERIFY(!vr.value("volumes").toArray().isEmpty());
        QVERIFY(vr.value("warnings").toArray().isEmpty());
        const auto vlive = live_of(home, verify);
        QCOMPARE(vlive.value("kind").toString(), QStringLiteral("verify"));
        QCOMPARE(vlive.value("status").toString(), QStringLiteral("completed"));
        QVERIFY(vlive.value("tape_bytes").toInteger() >= tree.bytes);
        // The text form prints it like a backup's.
        auto text = run_cli({"--home", home, "report", "--job", QString::number(verify)});
        QCOMPARE(text.exit_code, 0);
        QVERIFY(text.text().contains(QStringLiteral("(verify): completed")));
    }

    // A clone is a job like the others (docs/jobs.md, docs/media.md "Cloning"): its own row of
    // kind clone, a stored report with the files it copied, the reading and the writing drive,
    // the volumes written, and its last live snapshot with both drives.
    void cloneIsAJobWithAReport() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        Tree tree;
        QVERIFY(make_tree(src, tree));
        auto b = run_cli({"--home", home, "--json", "backup", "--source", src});
        QCOMPARE(b.exit_code, 0);
        const int backup = b.json().object().value("job_id").toInt();
        QCOMPARE(
            run_cli({"--home", home, "pool", "add", "Offsite", "--auto-label", "yes"}).exit_code,
            0);

        auto c = run_cli({"--home", home, "--json", "clone", "--job", QString::number(backup),
                          "--pool", "Offsite"});
        QVERIFY2(c.exit_code == 0, c.err.constData());
        const auto out = c.json().object();
        const int clone = out.value("job_id").toInt();
        QVERIFY(clone > backup);
        QCOMPARE(out.value("cloned_job").toInt(), backup);
        QCOMPARE(job_row(home, clone).value("kind").toString(), QStringLiteral("clone"));
        QCOMPARE(job_row(home, clone).value("status").toString(), QStringLiteral("completed"));

        const auto rep = stored_report(home, clone);
        QCOMPARE(rep.value("kind").toString(), QStringLiteral("clone"));
        QCOMPARE(rep.value("status").toString(), QStringLiteral("completed"));
        QCOMPARE(rep.value("files").toInteger(), b.json().object().value("files").toInteger());
        QCOMPARE(rep.value("bytes").toInteger(), out.value("stream_bytes").toInteger());
        QVERIFY(rep.value("bytes").toInteger() >= tree.bytes);
        QVERIFY(rep.value("tape_bytes").toInteger() >= rep.value("bytes").toInteger());
        QCOMPARE(rep.value("volumes").toArray(), out.value("volumes_written").toArray());
        QVERIFY(!rep.value("volumes").toArray().isEmpty());
        const auto drives = rep.value("drives").toArray();
        QCOMPARE(drives.size(), 2);
        QVERIFY(drives[0].toObject().value("name") != drives[1].toObject().value("name"));
        QVERIFY(drives[0].toObject().value("bytes").toInteger() >= tree.bytes);
        QVERIFY(drives[1].toObject().value("bytes").toInteger() >= tree.bytes);
        QCOMPARE(rep.value("savesets").toArray().first().toObject().value("keys").toString(),
                 QStringLiteral("clear"));

        const auto live = live_of(home, clone);
        QCOMPARE(live.value("kind").toString(), QStringLiteral("clone"));
        QVERIFY(live.value("ended").toBool());
        QCOMPARE(live.value("status").toString(), QStringLiteral("completed"));
        QCOMPARE(live.value("drives").toArray().size(), 2);
        auto text = run_cli({"--home", home, "report", "--job", QString::number(clone)});
        QCOMPARE(text.exit_code, 0);
        QVERIFY(text.text().contains(QStringLiteral("(clone): completed")));
    }

    // Issue 42 item 28: a restore that skips files names each of them, with why, in its stored
    // report (not `warnings: []`).
    void skippingRestoreStoresEveryFileItSkipped() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        Tree tree;
        QVERIFY(make_tree(src, tree));
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src}).exit_code, 0);
        QCOMPARE(run_cli({"--home", home, "restore", "--job", "1", "--to", to}).exit_code, 0);
        auto r = run_cli({"--home", home, "--json", "restore", "--job", "1", "--to", to});
        QCOMPARE(r.exit_code, 8); // finished with warnings: everything was there
        const auto out = r.json().object();
        QStringList skipped;
        for (const auto& p : out.value("problems").toArray())
            if (p.toObject().value("status").toString() == "skipped")
                skipped << p.toObject().value("path").toString();
        QVERIFY(skipped.size() >= 3);
        const auto rep = stored_report(home, out.value("job_id").toInt());
        QCOMPARE(rep.value("status").toString(), QStringLiteral("warnings"));
        QStringList warnings;
        for (const auto& w : rep.value("warnings").toArray())
            warnings << w.toString();
        for (const auto& f : skipped)
            QVERIFY2(warnings.contains(QStringLiteral("skipped ") + f + ": exists (policy skip)"),
                     qPrintable(f + " not in " + warnings.join("; ")));
    }

    void damagedRestoreStoresWhatItLost() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        Tree tree;
        QVERIFY(make_tree(src, tree));
        auto b = run_cli({"--home", home, "--json", "backup", "--source", src});
        QCOMPARE(b.exit_code, 0);
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        QFile data(home + "/libraries/vlib0/media/" + vol + "/data");
        QVERIFY(data.open(QIODevice::ReadWrite));
        QVERIFY(data.seek(64 * 1024 + data.size() / 3));
        QVERIFY(data.write(QByteArray(64, '\x5a')) == 64);
        data.close();

        auto r = run_cli({"--home", home, "--json", "restore", "--job", "1", "--to", to});
        QCOMPARE(r.exit_code, 7);
        const auto out = r.json().object();
        const int restore = out.value("job_id").toInt();
        QStringList failed;
        for (const auto& p : out.value("problems").toArray())
            if (p.toObject().value("status").toString() == "failed")
                failed << p.toObject().value("path").toString();
        QVERIFY(!failed.isEmpty());

        QCOMPARE(job_row(home, restore).value("status").toString(), QStringLiteral("partial"));
        const auto rep = stored_report(home, restore);
        QCOMPARE(rep.value("status").toString(), QStringLiteral("partial"));
        QCOMPARE(rep.value("files").toInteger(), out.value("restored").toInteger());
        // Every file lost is named in the stored report, and so is the bad block.
        QStringList warnings;
        for (const auto& w : rep.value("warnings").toArray())
            warnings << w.toString();
        for (const auto& f : failed)
            QVERIFY2(warnings.filter(f).size() >= 1, qPrintable(f));
        QVERIFY(!warnings.filter(QStringLiteral("bad block")).isEmpty());
        // What it stored as restored is on disk.
        qint64 on_disk = 0;
        QDirIterator it(to, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            on_disk += QFileInfo(it.next()).size();
        QCOMPARE(rep.value("bytes").toInteger(), on_disk);
    }
};

TLTEST_CATALOG_MAIN(TestJobReports)
#include "test_job_reports.moc"
