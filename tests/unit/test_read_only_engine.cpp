#include <QtTest>

#include "catalog/schema.h"
#include "common/home.h"
#include "context/engine.h"
#include "context/engine_catalog.h"

// A read-only engine opens a data directory that another engine holds, reads its catalog and
// refuses every write with a message naming the catalog; a catalog of another schema version is
// refused with what to do (an older one is upgraded by the next engine that takes the lock); a home
// without a catalog is opened (and created) normally.
class TestReadOnlyEngine : public QObject {
    Q_OBJECT

    static tl::EngineOptions options(const std::string& home, bool read_only) {
        tl::EngineOptions o;
        o.home = home;
        o.log_to_file = false;
        o.read_only = read_only;
        return o;
    }

private Q_SLOTS:
    void readsWhileAnotherEngineHoldsTheHome() {
        QTemporaryDir dir;
        const std::string home = dir.path().toStdString();
        auto writer = tl::Engine::open(options(home, false));
        QVERIFY2(writer.ok(), writer.ok() ? "" : writer.error().message.c_str());
        QVERIFY(tl::HomeLock::holder(home) != 0);

        auto reader = tl::Engine::open(options(home, true));
        QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
        QVERIFY(reader.value()->read_only());
        auto status = reader.value()->status();
        QVERIFY(status.ok());
        QCOMPARE(status->libraries, 1LL);

        // A locked (writing) engine is still refused.
        auto second = tl::Engine::open(options(home, false));
        QVERIFY(!second.ok());
        QCOMPARE(second.error().kind, tl::ErrorKind::Busy);
    }
    void writeThroughReadOnlyEngineFailsNamingTheCatalog() {
        QTemporaryDir dir;
        const std::string home = dir.path().toStdString();
        { QVERIFY(tl::Engine::open(options(home, false)).ok()); }
        auto reader = tl::Engine::open(options(home, true));
        QVERIFY(reader.ok());
        auto& db = engine_catalog(*reader.value());
        const auto before = db.scalar("SELECT count(*) FROM pools").value();
        auto st = db.exec("INSERT INTO pools(name) VALUES('Offsite')");
        QVERIFY(!st.ok());
        QVERIFY2(st.error().message.find(home + "/catalog.db") != std::string::npos,
                 st.error().message.c_str());
        QVERIFY2(st.error().message.find("read-only") != std::string::npos,
                 st.error().message.c_str());
        QCOMPARE(db.scalar("SELECT count(*) FROM pools").value(), before);
    }
    void newerCatalogIsRefused() {
        QTemporaryDir dir;
        const std::string home = dir.path().toStdString();
        {
            auto e = tl::Engine::open(options(home, false));
            QVERIFY(e.ok());
            QVERIFY(engine_catalog(*e.value()).exec("PRAGMA user_version=999").ok());
        }
        auto reader = tl::Engine::open(options(home, true));
        QVERIFY(!reader.ok());
        QCOMPARE(reader.error().kind, tl::ErrorKind::Unsupported);
        QVERIFY2(reader.error().message.find("use a newer tapeloom") != std::string::npos,
                 reader.error().message.c_str());
    }
    void olderCatalogWhileHeldSaysWhatToDo() {
        QTemporaryDir dir;
        const std::string home = dir.path().toStdString();
        {
            auto e = tl::Engine::open(options(home, false));
            QVERIFY(e.ok());
            QVERIFY(engine_catalog(*e.value()).exec("PRAGMA user_version=1").ok());
        }
        auto lock = tl::HomeLock::acquire(home);
        QVERIFY(lock.ok());
        auto reader = tl::Engine::open(options(home, true));
        QVERIFY(!reader.ok());
        QCOMPARE(reader.error().kind, tl::ErrorKind::Busy);
        QVERIFY2(reader.error().message.find("older") != std::string::npos &&
                     reader.error().message.find("run the command again") != std::string::npos,
                 reader.error().message.c_str());
    }
    void homeWithoutCatalogIsCreated() {
        QTemporaryDir dir;
        const std::string home = dir.path().toStdString() + "/fresh";
        auto reader = tl::Engine::open(options(home, true));
        QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
        QVERIFY(QFile::exists(QString::fromStdString(home + "/catalog.db")));
        QCOMPARE(reader.value()->status()->libraries, 1LL);
    }
};

QTEST_GUILESS_MAIN(TestReadOnlyEngine)
#include "test_read_only_engine.moc"
