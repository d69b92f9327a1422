#pragma once
// The catalog back end a system test runs its CLI against (docs/catalog.md "Tests on both back
// ends"). By default SQLite: each data directory's own catalog.db. With
// TAPELOOM_TEST_CATALOG=pg (the `<test>_pg` copy that tapeloom_add_test(... PG) registers,
// label `pg`) PostgreSQL: TLTEST_CATALOG_MAIN starts one throw-away cluster for the test
// executable (pg_cluster.h) before the first case and stops it after the last, and every data
// directory the test uses gets a database of its own, handed to each CLI the test runs as
// $TAPELOOM_CATALOG (cli_runner.h). Without the server binaries the pg copy skips, saying why.
#include <QProcessEnvironment>
#include <QString>
#include <QtTest>

#include <string>

namespace tltest {

// Whether this run's catalogs are PostgreSQL databases.
bool catalog_on_postgres();

// The catalog URL of the data directory `home` (its database made on first use); empty on
// SQLite, where the data directory's catalog.db is the catalog.
QString catalog_url_for(const QString& home);

// The environment a CLI (or a service) for `home` runs in: the test's own, with
// TAPELOOM_AUTOSTART=0 unless the test set it and, on PostgreSQL, $TAPELOOM_CATALOG (none when
// `home` is empty: a command without --home, such as bench on its scratch directory).
QProcessEnvironment cli_environment(const QString& home);

// What tl::catalog::Db::open takes for the catalog of `home` (in-process reads of a test).
std::string catalog_location(const QString& home);

// Runs one SQL statement on the catalog of `home` (sqlite3, or psql on PostgreSQL: write it in
// the SQL both understand); its output, rows on lines, columns joined by '|'.
QString catalog_sql(const QString& home, const QString& statement);

// Loses the catalog of `home` as a disaster would: the SQLite file (and its WAL) removed, or the
// PostgreSQL database dropped and made again empty. The data directory's cartridges remain.
bool lose_catalog(const QString& home);

// Runs the Qt Test object `test` on the chosen back end; what main() returns.
int run_on_test_catalog(QObject* test, int argc, char** argv);

} // namespace tltest

// main() of a system test that runs on both back ends (instead of QTEST_GUILESS_MAIN).
#define TLTEST_CATALOG_MAIN(TestObject)                                                            \
    int main(int argc, char* argv[]) {                                                             \
        QCoreApplication app(argc, argv);                                                          \
        TestObject tc;                                                                             \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        return tltest::run_on_test_catalog(&tc, argc, argv);                                       \
    }

// In a test case that only SQLite can run (it reads or damages catalog.db itself): skips it on
// PostgreSQL, saying why.
#define TLTEST_SQLITE_ONLY(why)                                                                    \
    do {                                                                                           \
        if (tltest::catalog_on_postgres()) QSKIP("SQLite catalog only: " why);                     \
    } while (false)
