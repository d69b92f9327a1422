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
#include "shot.h"

using tl::ui::RestoreTreeModel;
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

// The row named `name` below `parent`, listing more pages until it shows up.
QModelIndex child(QAbstractItemModel* m, const QModelIndex& parent, const QString& name) {
    for (;;) {
        for (int r = 0; r < m->rowCount(parent); ++r) {
            const auto i = m->index(r, 0, parent);
            if (i.data().toString() == name) return i;
        }
        if (!m->canFetchMore(parent)) return {};
        m->fetchMore(parent);
    }
}

} // namespace

// The Restore page on a data directory backed up by the real CLI: choose the job, expand the
// lazy tree, tick one folder, restore it to another folder (only that folder comes back, byte
// for byte, under TARGET/original/path); a 5,000-entry directory lists in pages of 1,000; a name
// search finds a file; a file changed between two backups has two versions, and the older one
// restores.
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
        tl::ui::RestorePage page(*c.engine);
        page.show(); // lists the backups and shows the newest
        QVERIFY(page.picker()->jobCount() == 1);
        QVERIFY(page.picker()->chooseJob(1));
        auto* m = page.treeModel();
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
        m->fetchMore(keep); // listed after the tick: its rows come ticked
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
    }

    // Issue 42 item 28: a result with many problems keeps every line, its "Problems:" heading
    // first; at the page's share of the default window the box shows several lines and scrolls.
    void everyProblemIsShownInTheResult() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.path() + "/home");
        QVERIFY(c);
        tl::ui::RestorePage page(*c.engine);
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
        tl::ui::RestorePage page(*c.engine);
        page.show();
        QCOMPARE(page.picker()->jobCount(), 2);
        QVERIFY(page.picker()->chooseJob(2)); // the incremental: the merged tree
        auto* m = page.treeModel();
        QCOMPARE(m->batchSize(), 1000);
        const auto many = child(m, m->index(0, 0), QStringLiteral("many"));
        QVERIFY(many.isValid());
        QCOMPARE(m->rowCount(many), 0);
        QVERIFY(m->canFetchMore(many));
        m->fetchMore(many);
        QCOMPARE(m->rowCount(many), 1000);
        // The folder ticked, then one listed row unticked: the 4,000 unlisted rows stay chosen.
        QVERIFY(m->setData(many, Qt::Checked, Qt::CheckStateRole));
        QVERIFY(m->setData(m->index(0, 0, many), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(many.data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
        QCOMPARE(page.plannedRuns().front().what.paths.size(), std::size_t(4999));
        QCOMPARE(m->rowCount(many), 1000); // chosen without listing them in the tree
        QVERIFY(m->setData(many, Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(page.plannedRuns().empty());
        for (int batch = 2; batch <= 5; ++batch) {
            QVERIFY(m->canFetchMore(many));
            m->fetchMore(many);
            QCOMPARE(m->rowCount(many), batch * 1000);
        }
        QCOMPARE(m->index(4999, 0, many).data().toString(), QStringLiteral("f04999"));
        if (m->canFetchMore(many)) m->fetchMore(many); // the empty last page
        QVERIFY(!m->canFetchMore(many));
        QCOMPARE(m->rowCount(many), 5000);

        auto* search = page.searchPanel();
        search->field()->setText(QStringLiteral("f04242"));
        QTest::keyClick(search->field(), Qt::Key_Return);
        QCOMPARE(search->results()->rowCount(), 1);
        QCOMPARE(search->results()->item(0)->text(), src + "/many/f04242");
        QVERIFY(search->search(QStringLiteral("*.txt")));
        QCOMPARE(search->results()->rowCount(), 1);

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
};

QTEST_MAIN(TestRestorePage)
#include "test_restore_page.moc"
