#include <QtTest>

#include "catalog/db.h"
#include "catalog/schema.h"

// Catalog files: created and migrated, reopened idempotently, a newer one or a foreign one
// refused without being modified.
class TestCatalogSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createAndReopen() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/catalog.db";
        {
            auto db = tl::catalog::Db::open(path);
            QVERIFY(db.ok());
            QVERIFY(tl::catalog::migrate(db.value()).ok());
            QCOMPARE(db->scalar("PRAGMA user_version").value(),
                     static_cast<std::int64_t>(tl::catalog::schema_version()));
            QCOMPARE(db->scalar("PRAGMA application_id").value(),
                     static_cast<std::int64_t>(tl::catalog::kApplicationId));
        }
        auto db = tl::catalog::Db::open(path);
        QVERIFY(db.ok());
        QVERIFY(tl::catalog::migrate(db.value()).ok());
        QCOMPARE(db->scalar("PRAGMA journal_mode='wal'").ok(), true);
    }
    void newerCatalogIsRefused() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/catalog.db";
        auto db = tl::catalog::Db::open(path);
        QVERIFY(tl::catalog::migrate(db.value()).ok());
        QVERIFY(db->exec("PRAGMA user_version=999").ok());
        auto st = tl::catalog::migrate(db.value());
        QVERIFY(!st.ok());
        QCOMPARE(st.error().kind, tl::ErrorKind::Unsupported);
        QVERIFY(st.error().message.find("999") != std::string::npos);
        QCOMPARE(db->scalar("PRAGMA user_version").value(), std::int64_t(999));
    }
    void foreignDatabaseUntouched() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/other.db";
        {
            auto db = tl::catalog::Db::open(path);
            QVERIFY(db->exec("CREATE TABLE songs(title TEXT)").ok());
        }
        auto db = tl::catalog::Db::open(path);
        auto st = tl::catalog::migrate(db.value());
        QVERIFY(!st.ok());
        QCOMPARE(st.error().kind, tl::ErrorKind::Foreign);
        QCOMPARE(db->scalar("SELECT count(*) FROM sqlite_master WHERE name='libraries'").value(),
                 std::int64_t(0));
    }
    void notADatabase() {
        QTemporaryDir dir;
        const QString path = dir.path() + "/junk.db";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'x'));
        f.close();
        auto db = tl::catalog::Db::open(path.toStdString());
        QVERIFY(!db.ok());
        QCOMPARE(db.error().kind, tl::ErrorKind::Corrupt);
        QVERIFY(db.error().message.find("junk.db") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCatalogSchema)
#include "test_catalog_schema.moc"
