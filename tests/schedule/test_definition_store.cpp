#include <QtTest>

#include "context/engine.h"
#include "context/engine_catalog.h"
#include "schedule/definition_store.h"
#include "schedule/queue_store.h"
#include "tz_fixture.h"

using namespace tl::schedule;

// Job definitions, schedules and the queue mirror in a real catalog (temporary data directory).
class TestDefinitionStore : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<tl::Engine> engine_;
    QString src_;

    JobDefinition def(const std::string& name) const {
        JobDefinition d;
        d.name = name;
        d.sources = {src_.toStdString()};
        return d;
    }
    static QString message(const tl::Error& e) { return QString::fromStdString(e.message); }

private Q_SLOTS:
    void initTestCase() {
        tltest::use_berlin_time();
        src_ = dir_.path() + "/src";
        QVERIFY(QDir().mkpath(src_));
        tl::EngineOptions o;
        o.home = (dir_.path() + "/home").toStdString();
        o.log_to_file = false;
        auto e = tl::Engine::open(o);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        engine_ = std::move(e.value());
    }

    void definitionsAreCheckedWhenStored() {
        DefinitionStore store(engine_catalog(*engine_));
        const long long now = tltest::berlin(2026, 11, 30, 12, 0);
        QVERIFY(store.add(def("alpha"), now).ok());
        auto dup = store.add(def("alpha"), now);
        QCOMPARE(dup.error().kind, tl::ErrorKind::AlreadyExists);
        auto pool = def("beta");
        pool.pool = "Nowhere";
        QCOMPARE(store.add(pool, now).error().kind, tl::ErrorKind::NotFound);
        QVERIFY(message(store.add(pool, now).error()).contains("Nowhere"));
        auto lib = def("beta");
        lib.library = "ghost";
        QCOMPARE(store.add(lib, now).error().kind, tl::ErrorKind::NotFound);
        auto drives = def("beta");
        drives.drives = 99;
        QCOMPARE(store.add(drives, now).error().kind, tl::ErrorKind::InvalidArgument);
        auto gone = def("beta");
        gone.sources = {(dir_.path() + "/vanished").toStdString()};
        QVERIFY(!store.add(gone, now).ok());
        auto name = def("bad name");
        QCOMPARE(store.add(name, now).error().kind, tl::ErrorKind::InvalidArgument);
        auto list = store.list();
        QVERIFY(list.ok());
        QCOMPARE(list->size(), std::size_t(1));

        auto changed = store.get("alpha").value();
        changed.priority = 90;
        changed.exclude = {"*.tmp"};
        QVERIFY(store.update(changed, now).ok());
        QCOMPARE(store.get("alpha")->priority, 90);
        QCOMPARE(store.get("alpha")->exclude, std::vector<std::string>{"*.tmp"});
        QCOMPARE(store.update(def("nobody"), now).error().kind, tl::ErrorKind::NotFound);
    }

    void schedulesAndExportImport() {
        DefinitionStore store(engine_catalog(*engine_));
        const long long now = tltest::berlin(2026, 11, 30, 12, 0);
        QVERIFY(store.add(def("gamma"), now).ok());
        auto id = store.add_schedule("gamma", "incr mon-sat at 23:05", now);
        QVERIFY(id.ok());
        QVERIFY(!store.add_schedule("gamma", "full 31 in apr at 01:00", now).ok());
        QCOMPARE(store.add_schedule("nobody", "daily at 01:00", now).error().kind,
                 tl::ErrorKind::NotFound);
        auto rows = store.schedules("gamma");
        QCOMPARE(rows->size(), std::size_t(1));
        QCOMPARE(rows->front().checked_until, now);

        auto doc = store.export_all();
        QVERIFY(doc.ok());
        // Importing into the same catalog: refused as a whole without replace.
        auto again = store.import_all(doc.value(), false, now);
        QCOMPARE(again.error().kind, tl::ErrorKind::AlreadyExists);
        QCOMPARE(store.schedules("gamma")->size(), std::size_t(1));
        auto replaced = store.import_all(doc.value(), true, now);
        QVERIFY2(replaced.ok(), replaced.ok() ? "" : replaced.error().message.c_str());
        QCOMPARE(replaced.value(), store.list()->size());
        QCOMPARE(store.schedules("gamma")->size(), std::size_t(1));
        // A broken entry rolls the whole import back.
        auto bad = doc.value();
        bad["definitions"][0]["name"] = "fresh";
        bad["definitions"][0]["colour"] = "blue";
        QVERIFY(!store.import_all(bad, true, now).ok());
        QCOMPARE(store.get("fresh").error().kind, tl::ErrorKind::NotFound);

        QVERIFY(store.remove("gamma").ok());
        QVERIFY(store.schedules("gamma")->empty()); // cascade
        QCOMPARE(store.remove("gamma").error().kind, tl::ErrorKind::NotFound);
    }

    void queueMirrorKeepsCancelRequests() {
        QueueStore q(engine_catalog(*engine_));
        QueueEntry a, b;
        a.id = 7;
        a.definition = "alpha";
        a.level = "full";
        a.reason = "schedule";
        b = a;
        b.id = 8;
        b.state = QueueEntry::State::Running;
        b.started = 100;
        QVERIFY(q.mirror({a, b}).ok());
        QVERIFY(q.request_cancel(8).ok());
        QCOMPARE(q.request_cancel(99).error().kind, tl::ErrorKind::NotFound);
        QVERIFY(q.mirror({b}).ok()); // 7 left the queue; 8 keeps its request
        auto rows = q.list();
        QCOMPARE(rows->size(), std::size_t(1));
        QCOMPARE(rows->front().id, std::int64_t(8));
        QVERIFY(rows->front().cancel_requested);
        QCOMPARE(q.cancel_requests().value(), std::vector<std::int64_t>{8});
        QCOMPARE(q.max_id().value(), std::int64_t(8));
        QVERIFY(q.mirror({}).ok());
        QVERIFY(q.list()->empty());
    }
};

QTEST_GUILESS_MAIN(TestDefinitionStore)
#include "test_definition_store.moc"
