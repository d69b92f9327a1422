// Smoke test of `tapeloom-cli bench catalog` with a tiny catalog: the --json table has its keys,
// the counts are what was asked for, and every timed query found exactly what the generator put
// in the catalog. Never speeds: the machine may be busy.
#include <QtTest>

#include "cli_runner.h"

using tltest::run_cli;

namespace {
// 20,000 entries in 20 leaf directories: the root, 1 area, 2 projects and 20 leaves are directory
// entries (24), the 19,976 files are spread 999 x 16 + 998 x 4.
constexpr int kEntries = 20000;
constexpr int kLeaves = 20;
constexpr int kDirRows = 1 + 1 + 2 + kLeaves;
constexpr int kFiles = kEntries - kDirRows;

int files_in(int leaf) {
    return kFiles / kLeaves + (leaf < kFiles % kLeaves ? 1 : 0);
}
// Files j of a leaf with j % 10 == 3 are the .log files.
int logs() {
    int n = 0;
    for (int l = 0; l < kLeaves; ++l)
        for (int j = 0; j < files_in(l); ++j)
            n += j % 10 == 3;
    return n;
}

QJsonObject query(const QJsonArray& qs, const QString& what, const QString& arg = {}) {
    for (const auto& v : qs) {
        const auto o = v.toObject();
        if (o.value("what").toString().startsWith(what) &&
            (arg.isEmpty() || o.value("arg").toString() == arg))
            return o;
    }
    return {};
}
} // namespace

class TestCatalogBench : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void jsonTableIsConsistent() {
        QVERIFY(dir_.isValid());
        auto r = run_cli({"bench", "catalog", "--entries", QString::number(kEntries), "--dirs",
                          QString::number(kLeaves), "--batch", "3000", "--scratch", dir_.path(),
                          "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        QCOMPARE(o.value("entries").toInteger(), kEntries);
        QCOMPARE(o.value("dirs").toInteger(), kDirRows);
        QCOMPARE(o.value("incr_entries").toInteger(), 1000);
        QCOMPARE(o.value("batch").toInteger(), 3000);
        QVERIFY(o.value("insert_seconds").toDouble() > 0);
        QVERIFY(o.value("insert_files_per_s").toDouble() > 0);
        const double per_entry = o.value("bytes_per_entry").toDouble();
        QVERIFY(per_entry > 0);
        const qint64 bytes = o.value("catalog_bytes").toInteger();
        QVERIFY(bytes >= o.value("page_size").toInteger());
        QVERIFY(std::abs(per_entry * (kEntries + 1000) - double(bytes)) < 1.0);
        QVERIFY(o.value("file_bytes").toInteger() > 0);

        const auto qs = o.value("queries").toArray();
        QCOMPARE(qs.size(), 8);
        for (const auto& v : qs) {
            const auto q = v.toObject();
            QVERIFY2(q.value("found").toInteger() == q.value("expected").toInteger(),
                     qPrintable(q.value("what").toString() + " " + q.value("arg").toString()));
            QVERIFY(q.value("runs").toInteger() >= 1);
            QVERIFY(q.value("worst_s").toDouble() >= q.value("median_s").toDouble());
        }
        QCOMPARE(query(qs, "view").value("found").toInteger(), 1);
        const auto list = query(qs, "list directory");
        QVERIFY(list.value("arg").toString().contains("/module-"));
        QVERIFY(list.value("found").toInteger() == files_in(0) ||
                list.value("found").toInteger() == files_in(kLeaves - 1));
        QCOMPARE(query(qs, "list directory").value("runs").toInteger(), 20);
        const auto ls = query(qs, "files ls");
        QVERIFY(ls.value("found").toInteger() == files_in(0) ||
                ls.value("found").toInteger() == files_in(kLeaves - 1));
        QCOMPARE(query(qs, "search (", "*.log").value("found").toInteger(), logs());
        QCOMPARE(query(qs, "search, first 1000", "*.log").value("found").toInteger(), 1000);
        QCOMPARE(query(qs, "restore selection").value("found").toInteger(), kEntries);
        QCOMPARE(query(qs, "search", "needle-config.yaml").value("found").toInteger(), 1);
        QCOMPARE(query(qs, "versions").value("found").toInteger(), 2);

        // The scratch catalog is removed at the end.
        QCOMPARE(QDir(dir_.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
    }

    void tableHasOneRowPerQuery() {
        auto r = run_cli({"bench", "catalog", "--entries", "5000", "--dirs", "5", "--no-files-ls",
                          "--scratch", dir_.path()});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString t = r.text();
        QVERIFY(t.contains("files/s"));
        QVERIFY(t.contains("bytes/entry"));
        QVERIFY(!t.contains("files ls"));
        for (const char* row : {"view (browse_roots)", "list directory", "search (search_names)",
                                "versions (file_versions)"})
            QVERIFY2(t.contains(row), row);
        QCOMPARE(t.count("search (search_names)"), 2);
    }

    void tooManyDirectoriesIsAnError() {
        auto r = run_cli(
            {"bench", "catalog", "--entries", "100", "--dirs", "100", "--scratch", dir_.path()});
        QVERIFY(r.exit_code != 0);
        QVERIFY(r.err.contains("--dirs"));
    }
};

QTEST_GUILESS_MAIN(TestCatalogBench)
#include "test_catalog_bench.moc"
