#include <QtTest>

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTreeView>

#include "audit_log.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "models/restore_tree_model.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_search_panel.h"
#include "pages/restore/restore_source_picker.h"
#include "pages/restore/restore_target_panel.h"
#include "pages/restore/restore_versions_panel.h"
#include "restore_reads.h"
#include "shot.h"

using tl::ui::RestoreTreeModel;
using tltest::child;
using tltest::run_cli;

namespace {
void write(const QString& path, const QByteArray& data) {
    QVERIFY(QDir().mkpath(QFileInfo(path).path()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), qint64(data.size()));
}

QByteArray random_bytes(int n) {
    QByteArray b(n, Qt::Uninitialized);
    for (auto& c : b)
        c = static_cast<char>(QRandomGenerator::global()->generate());
    return b;
}

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

// The Restore page on a data directory backed up by the real CLI, beside its real service, every
// read through the typed door (GET /v1/savesets, /v1/files, /v1/files/find): choose the job,
// expand the lazy tree, tick one folder, restore it to another folder (only that folder comes
// back, byte for byte, under TARGET/original/path); a 5,000-entry directory lists in pages of
// 1,000; a name search finds a file; a file changed between two backups has two versions, and
// the older one restores; a service gone is said in the page.
class TestRestorePage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void tickOneFolderAndRestoreIt() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src",
                      out = dir.path() + "/out";
        const QByteArray k1 = random_bytes(300000), k2 = random_bytes(777);
        write(src + "/keep/k1.bin", k1);
        write(src + "/keep/sub/k2.txt", k2);
        write(src + "/other/o.txt", "other");
        write(src + "/top.txt", "top");
        const auto backup = run_cli({"--home", home, "backup", "--source", src});
        QVERIFY2(backup.exit_code == 0, backup.err.constData());

        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::RestorePage page(tltest::console_context(home));
        QVERIFY(tltest::shownAndRead(page)); // lists the backups and shows the newest
        QVERIFY(page.picker()->jobCount() == 1);
        QVERIFY(page.picker()->chooseJob(1));
        auto* m = page.treeModel();
        QVERIFY(tltest::treeRead(m));
        QCOMPARE(m->rowCount(), 1);
        const auto root = m->index(0, 0);
        QCOMPARE(root.data().toString(), src);
        const auto keep = child(m, root, QStringLiteral("keep"));
        QVERIFY(keep.isValid());
        QVERIFY(child(m, root, QStringLiteral("other")).isValid());
        QVERIFY(m->hasChildren(keep));
        QCOMPARE(m->rowCount(keep), 0); // not listed until asked
        QVERIFY(m->setData(keep, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(root.data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
        QVERIFY(tltest::fetched(m, keep)); // listed after the tick: its rows come ticked
        QCOMPARE(m->rowCount(keep), 2);
        QCOMPARE(m->index(0, 0, keep).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        const auto runs = page.plannedRuns();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs.front().what.paths, (std::vector<std::string>{"keep"}));

        page.targetPanel()->setTarget(out);
        QSignalSpy done(&page, &tl::ui::RestorePage::finished);
        QVERIFY(page.start());
        QVERIFY(!page.start()); // one at a time
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        const auto result = done.first().first().value<tl::ui::RestoreSummary>();
        QVERIFY2(result.status == QLatin1String("completed"), qPrintable(result.message));
        QVERIFY(result.failed == 0);
        QVERIFY(result.restored >= 2);
        QCOMPARE(read(out + src + "/keep/k1.bin"), k1);
        QCOMPARE(read(out + src + "/keep/sub/k2.txt"), k2);
        QVERIFY(!QFile::exists(out + src + "/other/o.txt"));
        QVERIFY(!QFile::exists(out + src + "/top.txt"));
        QVERIFY(page.reportView()->resultText().contains(QStringLiteral("completed")));
        QVERIFY(page.reportView()->planText().contains(QStringLiteral("TLO")) ||
                page.reportView()->planText().contains(QStringLiteral("Volumes")));
        QCOMPARE(tltest::audited(home, "POST", "/v1/restores"), 1);
        QCOMPARE(tltest::tunnelled(home), 0);
        QVERIFY(tltest::queried(home, QStringLiteral("/v1/savesets")) >= 2); // the list, the view
        QVERIFY(tltest::queried(home, QStringLiteral("/v1/files")) >= 2);
    }

    // Issue 42 item 28: a result with many problems keeps every line, its "Problems:" heading
    // first; at the page's share of the default window the box shows several lines and scrolls.
    void everyProblemIsShownInTheResult() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.path() + "/home");
        QVERIFY(c);
        tl::ui::RestorePage page(tltest::console_context(dir.path() + "/home"));
        page.resize(1100, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        tl::ui::RestoreSummary r;
        r.status = QStringLiteral("warnings");
        r.restored = 1;
        r.skipped = 2500;
        for (int i = 0; i < 2500; ++i)
            r.problems << QStringLiteral("skipped: srv/data/d%1/f%2.txt (exists (policy skip))")
                              .arg(i % 40)
                              .arg(i);
        page.reportView()->showResult(r);
        const QString text = page.reportView()->resultText();
        QVERIFY(text.startsWith(QStringLiteral("Status: ")));
        QVERIFY(text.contains(QStringLiteral("\nProblems:\n")));
        for (const auto& p : r.problems)
            QVERIFY2(text.contains(p + QLatin1Char('\n')) || text.endsWith(p), qPrintable(p));
        auto* box = page.reportView()->resultBox();
        QVERIFY2(box->viewport()->height() >= 5 * box->fontMetrics().lineSpacing(),
                 qPrintable(QString::number(box->viewport()->height())));
        QVERIFY(box->verticalScrollBar()->maximum() > 0);
        QVERIFY(tltest::shot(&page, QStringLiteral("restore-problems")));
    }

    void bigDirectorySearchAndVersions() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src",
                      out = dir.path() + "/out";
        for (int i = 0; i < 5000; ++i)
            write(src + QStringLiteral("/many/f%1").arg(i, 5, 10, QLatin1Char('0')), "m");
        write(src + "/v.txt", "first version");
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src}).exit_code, 0);
        write(src + "/v.txt", "the second version");
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src, "--level", "incr"}).exit_code,
                 0);

        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::RestorePage page(tltest::console_context(home));
        QVERIFY(tltest::shownAndRead(page));
        QCOMPARE(page.picker()->jobCount(), 2);
        QVERIFY(page.picker()->chooseJob(2)); // the incremental: the merged tree
        auto* m = page.treeModel();
        QVERIFY(tltest::treeRead(m));
        QCOMPARE(m->batchSize(), 1000);
        const auto many = child(m, m->index(0, 0), QStringLiteral("many"));
        QVERIFY(many.isValid());
        QCOMPARE(m->rowCount(many), 0);
        QVERIFY(m->canFetchMore(many));
        m->fetchMore(many);
        QVERIFY(!m->canFetchMore(many)); // one page at a time: the window stays responsive
        QVERIFY(tltest::treeRead(m));
        QCOMPARE(m->rowCount(many), 1000);
        // The folder ticked, then one listed row unticked: the 4,000 unlisted rows stay chosen
        // (read in the background; Start waits for them).
        QVERIFY(m->setData(many, Qt::Checked, Qt::CheckStateRole));
        QVERIFY(m->setData(m->index(0, 0, many), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(many.data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
        QVERIFY(tltest::treeRead(m));
        QVERIFY(!m->selectionPending());
        QCOMPARE(page.plannedRuns().front().what.paths.size(), std::size_t(4999));
        QCOMPARE(m->rowCount(many), 1000); // chosen without listing them in the tree
        QVERIFY(m->setData(many, Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(page.plannedRuns().empty());
        for (int batch = 2; batch <= 5; ++batch) {
            QVERIFY(m->canFetchMore(many));
            QVERIFY(tltest::fetched(m, many));
            QCOMPARE(m->rowCount(many), batch * 1000);
        }
        QCOMPARE(m->index(4999, 0, many).data().toString(), QStringLiteral("f04999"));
        QVERIFY(!m->canFetchMore(many)); // the last page said so: no empty page after it
        QCOMPARE(m->rowCount(many), 5000);

        auto* search = page.searchPanel();
        search->field()->setText(QStringLiteral("f04242"));
        QTest::keyClick(search->field(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!search->isSearching(), tltest::kRestoreReadMs);
        QCOMPARE(search->results()->rowCount(), 1);
        QCOMPARE(search->results()->item(0)->text(), src + "/many/f04242");
        QVERIFY(tltest::searched(search, QStringLiteral("*.txt")));
        QCOMPARE(search->results()->rowCount(), 1);
        QVERIFY(tltest::queried(home, QStringLiteral("/v1/files/find")) >= 2);

        auto* versions = page.versionsPanel();
        QVERIFY(versions->showVersions(src + "/v.txt"));
        QTRY_COMPARE(versions->model()->rowCount(), 2);
        QVERIFY(tltest::queried(home, QStringLiteral("/v1/files/versions")) > 0);
        QCOMPARE(versions->model()->item(0, 0)->text(), QStringLiteral("1"));
        QCOMPARE(versions->model()->item(1, 0)->text(), QStringLiteral("2"));

        // Issue 42, item 27: "Restore this version" asks first, naming the file, its job and
        // the target. Answered No with the form as it opens (the original location), nothing
        // starts and the file in the source stays the second version.
        QStringList questions;
        bool answer = false;
        page.setConfirm([&](const QString& q) {
            questions << q;
            return answer;
        });
        QSignalSpy done(&page, &tl::ui::RestorePage::finished);
        QVERIFY(!page.targetPanel()->anotherFolder());
        QVERIFY(versions->chooseRow(0));
        QCOMPARE(questions.size(), 1);
        QVERIFY2(questions.first().contains(QStringLiteral("original location")) &&
                     questions.first().contains(src + "/v.txt") &&
                     questions.first().contains(QStringLiteral("job 1")),
                 qPrintable(questions.first()));
        QVERIFY(!page.runner()->isRunning());
        QVERIFY(page.reportView()->statusText().contains(QStringLiteral("not started")));
        QCOMPARE(read(src + "/v.txt"), QByteArray("the second version"));

        // The older version, restored by its job into another folder once confirmed.
        page.targetPanel()->setTarget(out);
        answer = true;
        QVERIFY(versions->chooseRow(0));
        QCOMPARE(questions.size(), 2);
        QVERIFY2(questions.last().contains(out), qPrintable(questions.last()));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(done.first().first().value<tl::ui::RestoreSummary>().status,
                 QStringLiteral("completed"));
        QCOMPARE(read(out + src + "/v.txt"), QByteArray("first version"));
        QVERIFY(!QFile::exists(out + src + "/many/f00000"));
    }

    // The service gone while the page is open: the next page of a folder and the list of backups
    // say why in the page, and the folder is not asked for again in a loop.
    void aServiceGoneIsSaid() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        write(src + "/d/a.txt", "a");
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src}).exit_code, 0);
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        tl::ui::RestorePage page(tltest::console_context(home));
        QVERIFY(tltest::shownAndRead(page));
        auto* m = page.treeModel();
        QCOMPARE(m->rowCount(), 1);
        const auto d = child(m, m->index(0, 0), QStringLiteral("d"));
        QVERIFY(d.isValid());
        c.guard.reset(); // the service stops
        QSignalSpy failed(m, &RestoreTreeModel::failed);
        QVERIFY(tltest::fetched(m, d));
        QCOMPARE(failed.count(), 1);
        QCOMPARE(m->rowCount(d), 0);
        QVERIFY(!m->canFetchMore(d));
        const QString said = page.reportView()->statusText();
        QVERIFY2(said.contains(QStringLiteral("service not running")), qPrintable(said));
        page.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(
            page.reportView()->statusText().startsWith(QStringLiteral("Cannot list the backups")),
            tltest::kRestoreReadMs);
    }
};

QTEST_MAIN(TestRestorePage)
#include "test_restore_page.moc"
