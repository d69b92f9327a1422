#include "test_catalog.h"

#include <QHash>
#include <QProcess>
#include <QtTest>

#include "pg_cluster.h"

namespace tltest {
namespace {

// The one cluster of this test executable and the database of each data directory.
struct PgCatalogs {
    PgCluster cluster;
    QHash<QString, QString> database_of_home;
};

PgCatalogs& pg_catalogs() {
    static PgCatalogs catalogs;
    return catalogs;
}

} // namespace

// Stands in for the test object when the pg copy cannot run: one skipped case, saying why.
class PostgresNotInstalled final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QSKIP(qPrintable(pg_catalogs().cluster.skip_reason())); }
};

bool catalog_on_postgres() {
    return qEnvironmentVariable("TAPELOOM_TEST_CATALOG") == QLatin1String("pg");
}

// The database of the data directory `home`, made on first use.
static QString database_of(const QString& home) {
    auto& pg = pg_catalogs();
    const QString key = QDir::cleanPath(QDir(home).absolutePath());
    if (const auto it = pg.database_of_home.constFind(key); it != pg.database_of_home.constEnd())
        return it.value();
    const QString db = QString("tl%1").arg(pg.database_of_home.size() + 1);
    QString why;
    if (!pg.cluster.create_database(db, &why)) qWarning("%s", qPrintable(why));
    pg.database_of_home.insert(key, db);
    return db;
}

QString catalog_url_for(const QString& home) {
    if (!catalog_on_postgres()) return {};
    return pg_catalogs().cluster.url(database_of(home));
}

QProcessEnvironment cli_environment(const QString& home) {
    auto env = QProcessEnvironment::systemEnvironment();
    // Run outside ctest too, a test's CLI starts no service of its own (docs/service.md).
    if (!env.contains(QStringLiteral("TAPELOOM_AUTOSTART")))
        env.insert(QStringLiteral("TAPELOOM_AUTOSTART"), QStringLiteral("0"));
    // Without a data directory (bench's scratch directories, --help) the CLI keeps its own.
    if (const QString url = home.isEmpty() ? QString() : catalog_url_for(home); !url.isEmpty())
        env.insert(QStringLiteral("TAPELOOM_CATALOG"), url);
    return env;
}

std::string catalog_location(const QString& home) {
    const QString url = catalog_url_for(home);
    return (url.isEmpty() ? home + "/catalog.db" : url).toStdString();
}

QString catalog_sql(const QString& home, const QString& statement) {
    if (catalog_on_postgres()) {
        QString why, out;
        if (!pg_catalogs().cluster.psql(database_of(home), statement, &why, &out))
            qWarning("%s", qPrintable(why));
        return out;
    }
    QProcess p;
    p.start("sqlite3", {home + "/catalog.db", statement});
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

bool lose_catalog(const QString& home) {
    if (catalog_on_postgres()) {
        const QString db = database_of(home);
        auto& cluster = pg_catalogs().cluster;
        QString why;
        const bool ok = cluster.psql("postgres", "DROP DATABASE " + db + " WITH (FORCE)", &why) &&
                        cluster.create_database(db, &why);
        if (!ok) qWarning("%s", qPrintable(why));
        return ok;
    }
    const bool removed = QFile::remove(home + "/catalog.db");
    QFile::remove(home + "/catalog.db-wal");
    QFile::remove(home + "/catalog.db-shm");
    return removed;
}

int run_on_test_catalog(QObject* test, int argc, char** argv) {
    if (!catalog_on_postgres()) return QTest::qExec(test, argc, argv);
    auto& pg = pg_catalogs();
    if (!pg.cluster.available()) {
        PostgresNotInstalled skipped;
        return QTest::qExec(&skipped, argc, argv);
    }
    QString why;
    if (!pg.cluster.start(&why)) {
        qCritical("cannot start the throw-away PostgreSQL cluster: %s", qPrintable(why));
        return 1;
    }
    const int failed = QTest::qExec(test, argc, argv);
    pg.cluster.stop();
    return failed;
}

} // namespace tltest

#include "test_catalog.moc"
