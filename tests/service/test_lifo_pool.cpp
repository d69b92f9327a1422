#include <QtTest>

#include <atomic>
#include <future>

#include "service/lifo_pool.h"

// The service's connection threads (service/lifo_pool.h): every connection handed to the pool
// is served, also those that came while every thread was busy (a stream holds its thread), and
// a shut-down serves the ones still waiting before its threads end.
class TestLifoPool : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void connectionsBeyondTheThreadsWaitAndAreServed() {
        std::promise<void> release;
        std::shared_future<void> gate = release.get_future().share();
        std::atomic<int> served{0};
        {
            tl::service::LifoPool pool(2);
            for (int i = 0; i < 2; ++i)
                pool.enqueue([gate, &served] {
                    gate.wait();
                    ++served;
                });
            for (int i = 0; i < 5; ++i)
                pool.enqueue([&served] { ++served; });
            QCOMPARE(served.load(), 0);
            release.set_value();
            QTRY_COMPARE(served.load(), 7);
            for (int i = 0; i < 3; ++i)
                pool.enqueue([&served] { ++served; });
            QTRY_COMPARE(served.load(), 10);
        }
    }

    void aShutDownServesTheWaitingConnections() {
        std::promise<void> release;
        std::shared_future<void> gate = release.get_future().share();
        std::atomic<int> served{0};
        tl::service::LifoPool pool(1);
        pool.enqueue([gate, &served] {
            gate.wait();
            ++served;
        });
        pool.enqueue([&served] { ++served; });
        pool.enqueue([&served] { ++served; });
        std::thread releaser([&release] { release.set_value(); });
        pool.shutdown();
        releaser.join();
        QCOMPARE(served.load(), 3);
    }
};

QTEST_GUILESS_MAIN(TestLifoPool)
#include "test_lifo_pool.moc"
