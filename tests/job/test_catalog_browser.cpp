#include <QtTest>

#include "catalog/db.h"
#include "cli_runner.h"
#include "job/catalog_browser.h"

using tltest::run_cli;
using namespace tl;

namespace {
void write(const QString& path, const QByteArray& data) {
    QVERIFY(QDir().mkpath(QFileInfo(path).path()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), qint64(data.size()));
}

std::vector<std::string> names(const std::vector<job::BrowseEntry>& v) {
    std::vector<std::string> out;
    for (const auto& e : v)
        out.push_back(e.name);
    return out;
}
} // namespace

// The per-directory view a restore browses (job/catalog_browser.h) on catalogs written by real
// backups: a full lists by name in pages, an incremental shows its whole tree as of that backup
// (changed entries from it, deleted ones gone), a name search and the versions of a file.
class TestCatalogBrowser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pagesMergedViewSearchAndVersions() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        write(src + "/a/x.txt", "x");
        write(src + "/a/b/y.txt", "yy");
        write(src + "/z.txt", "zzz");
        for (int i = 0; i < 2500; ++i)
            write(src + QStringLiteral("/big/f%1").arg(i, 5, 10, QLatin1Char('0')), "b");
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src}).exit_code, 0);
        write(src + "/z.txt", "zzzz-changed");
        QVERIFY(QFile::remove(src + "/a/x.txt"));
        write(src + "/a/new.txt", "n");
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src, "--level", "incr"}).exit_code,
                 0);

        auto db = catalog::Db::open((home + "/catalog.db").toStdString(), false);
        QVERIFY(db.ok());
        auto full = job::browse_roots(db.value(), 1);
        QVERIFY(full.ok());
        QCOMPARE(full->size(), std::size_t(1));
        const auto& r1 = full->front();
        QCOMPARE(r1.source, src.toStdString());
        QCOMPARE(r1.chain.size(), std::size_t(1));
        auto top = job::list_directory(db.value(), r1, "", "", 100);
        QVERIFY(top.ok());
        QCOMPARE(names(top.value()), (std::vector<std::string>{"a", "big", "z.txt"}));
        QCOMPARE(top->at(0).kind, 1);
        QCOMPARE(top->at(2).size, std::uint64_t(3));

        // Pages of 1,000 by name, each after the last one seen, until an empty page.
        std::vector<std::size_t> pages;
        std::string after, last;
        std::size_t total = 0;
        for (;;) {
            auto page = job::list_directory(db.value(), r1, "big", after, 1000);
            QVERIFY(page.ok());
            if (page->empty()) break;
            pages.push_back(page->size());
            for (const auto& e : page.value()) {
                QVERIFY(e.name > last);
                QCOMPARE(e.path, "big/" + e.name);
                last = e.name;
            }
            total += page->size();
            after = page->back().name;
        }
        QCOMPARE(pages, (std::vector<std::size_t>{1000, 1000, 500}));
        QCOMPARE(total, std::size_t(2500));

        // The incremental's view: the whole tree as of it.
        auto incr = job::browse_roots(db.value(), 2);
        QVERIFY(incr.ok());
        const auto& r2 = incr->front();
        QCOMPARE(r2.chain.size(), std::size_t(2));
        auto top2 = job::list_directory(db.value(), r2, "", "", 100);
        QVERIFY(top2.ok());
        QCOMPARE(names(top2.value()), (std::vector<std::string>{"a", "big", "z.txt"}));
        QCOMPARE(top2->at(2).job_id, std::int64_t(2));
        QCOMPARE(top2->at(2).size, std::uint64_t(12));
        auto a2 = job::list_directory(db.value(), r2, "a", "", 100);
        QVERIFY(a2.ok());
        QCOMPARE(names(a2.value()), (std::vector<std::string>{"b", "new.txt"}));
        auto big2 = job::list_directory(db.value(), r2, "big", "f00999", 1000);
        QVERIFY(big2.ok());
        QCOMPARE(big2->size(), std::size_t(1000));
        QCOMPARE(big2->front().name, std::string("f01000"));
        auto a1 = job::list_directory(db.value(), r1, "a", "", 100);
        QCOMPARE(names(a1.value()), (std::vector<std::string>{"b", "x.txt"}));

        // The source as of now is the incremental; as of long ago there is none.
        auto now = job::browse_roots(db.value(), 0, src.toStdString(), 0);
        QVERIFY(now.ok());
        QCOMPARE(now->front().job_id, std::int64_t(2));
        QVERIFY(!job::browse_roots(db.value(), 0, src.toStdString(), 1000).ok());

        auto hit = job::search_names(db.value(), r2, "y.t", 10);
        QVERIFY(hit.ok());
        QCOMPARE(hit->size(), std::size_t(1));
        QCOMPARE(hit->front().path, std::string("a/b/y.txt"));
        auto txt = job::search_names(db.value(), r2, "*.txt", 10);
        QCOMPARE(names(txt.value()), (std::vector<std::string>{"z.txt", "new.txt", "y.txt"}));
        QCOMPARE(job::search_names(db.value(), r1, "X.TXT", 10)->size(), std::size_t(1));
        // Every match of 2,500 distinct names: more than one chunk of the set-based lookups
        // (names, directories, attributes), all found once, in path order, from the full.
        auto every = job::search_names(db.value(), r2, "f0*", 10000);
        QVERIFY(every.ok());
        QCOMPARE(every->size(), std::size_t(2500));
        for (std::size_t i = 0; i < every->size(); ++i) {
            const auto& e = every->at(i);
            QCOMPARE(e.path, QStringLiteral("big/f%1")
                                 .arg(static_cast<int>(i), 5, 10, QLatin1Char('0'))
                                 .toStdString());
            QCOMPARE(e.size, std::uint64_t(1));
            QCOMPARE(e.job_id, std::int64_t(1));
        }
        auto page = job::search_names(db.value(), r2, "f0*", 1200);
        QVERIFY(page.ok());
        QCOMPARE(page->size(), std::size_t(1200));
        QCOMPARE(page->back().path, std::string("big/f01199"));
        // A first page (up to 10,000 entries, 64 matching names or more) is read by directory
        // in path order; it is the start of the search by name for every match, the
        // incremental's changed z.txt, its new a/new.txt and its deletion of a/x.txt included.
        auto by_dir = job::search_names(db.value(), r2, "*", 10000);
        auto by_name = job::search_names(db.value(), r2, "*", 100000);
        QVERIFY(by_dir.ok() && by_name.ok());
        QCOMPARE(by_dir->size(), by_name->size());
        QCOMPARE(by_dir->size(), std::size_t(2506)); // a, big, z.txt, a/b, a/new.txt, a/b/y.txt
        for (std::size_t i = 0; i < by_dir->size(); ++i) {
            const auto &d = by_dir->at(i), &n = by_name->at(i);
            QCOMPARE(d.path, n.path);
            QCOMPARE(d.kind, n.kind);
            QCOMPARE(d.size, n.size);
            QCOMPARE(d.job_id, n.job_id);
            QVERIFY(d.path != "a/x.txt");
        }
        QCOMPARE(by_dir->back().path, std::string("big/f02499"));
        auto first = job::search_names(db.value(), r2, "*", 5);
        QVERIFY(first.ok());
        QCOMPARE(names(first.value()),
                 (std::vector<std::string>{"a", "big", "z.txt", "b", "new.txt"}));
        QCOMPARE(first->at(2).job_id, std::int64_t(2));
        QCOMPARE(first->at(2).size, std::uint64_t(12));

        auto z = job::file_versions(db.value(), (src + "/z.txt").toStdString());
        QVERIFY(z.ok());
        QCOMPARE(z->size(), std::size_t(2));
        QCOMPARE(z->at(0).job_id, std::int64_t(1));
        QCOMPARE(z->at(1).size, std::uint64_t(12));
        QCOMPARE(z->at(1).source, src.toStdString());
        auto x = job::file_versions(db.value(), (src + "/a/x.txt").toStdString());
        QCOMPARE(x->size(), std::size_t(2));
        QVERIFY(!x->at(0).deleted);
        QVERIFY(x->at(1).deleted);
    }
};

QTEST_MAIN(TestCatalogBrowser)
#include "test_catalog_browser.moc"
