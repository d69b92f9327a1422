#include <QtTest>

#include <thread>

#include "catalog/job_store.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "service/event_hub.h"
#include "service/task_board.h"

// The service's tasks (engine/service/task_board.h): each runs on a thread of its own with a
// catalog connection of its own, released when the task ends, so a long-running service keeps
// no connection per task that ended.
class TestServiceTasks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void anEndedTaskKeepsNoCatalogConnection() {
        QTemporaryDir d;
        tl::EngineOptions o;
        o.home = d.path().toStdString() + "/home";
        o.log_to_file = false;
        auto engine = tl::Engine::open(o);
        QVERIFY(engine);
        tl::Engine& e = *engine.value();
        tl::service::EventHub hub;
        const tl::service::TaskFn read = [](const nlohmann::json&, tl::service::TaskIo& io) {
            auto jobs = tl::catalog::list_jobs(engine_catalog(io.engine), {});
            io.out << (jobs ? "ok" : "failed");
            return jobs ? 0 : 1;
        };
        tl::service::TaskBoard board(e, hub);
        std::vector<std::int64_t> ids;
        for (int i = 0; i < 8; ++i) {
            auto id = board.start_work("read", read, nlohmann::json::object());
            QVERIFY(id);
            ids.push_back(id.value());
        }
        for (auto id : ids) {
            for (;;) {
                auto v = board.view(id, 0, 0);
                QVERIFY(v);
                if (v->ended) {
                    QCOMPARE(v->exit_code, 0);
                    QCOMPARE(v->out, std::string("ok"));
                    break;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        }
        QCOMPARE(e.catalog_connections(), std::size_t{0});
    }
};

QTEST_GUILESS_MAIN(TestServiceTasks)
#include "test_service_tasks.moc"
