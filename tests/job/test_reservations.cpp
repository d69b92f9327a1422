#include <QtTest>

#include <atomic>
#include <mutex>
#include <thread>

#include "context/reservations.h"

using namespace tl;
using namespace tl::job;

// The reservation book: a job gets all it asked for at once or waits, says why, gives
// everything back when its grant ends, and never shares a drive or a volume with another job.
class TestReservations : public QObject {
    Q_OBJECT

    static ReservationRequest ask(std::int64_t job, std::vector<std::size_t> drives,
                                  std::vector<std::string> volumes = {}) {
        ReservationRequest r;
        r.job_id = job;
        r.job_name = "job" + std::to_string(job);
        r.library = "vlib0";
        r.library_drives = 4;
        r.drives.indices = std::move(drives);
        r.volumes = std::move(volumes);
        return r;
    }
    static ReservationRequest ask_count(std::int64_t job, std::size_t n, bool automatic = false) {
        auto r = ask(job, {});
        r.drives.count = n;
        r.drives.automatic = automatic;
        return r;
    }

    // Collects the reasons a waiting request reports, for the thread that checks them.
    struct Reasons {
        std::mutex mutex;
        std::vector<std::string> seen;
        std::function<void(const std::string&)> sink() {
            return [this](const std::string& why) {
                std::lock_guard lock(mutex);
                seen.push_back(why);
            };
        }
        std::string first() {
            std::lock_guard lock(mutex);
            return seen.empty() ? std::string() : seen.front();
        }
        bool any() {
            std::lock_guard lock(mutex);
            return !seen.empty();
        }
    };

    static bool waits(ReservationBook& book) {
        for (int i = 0; i < 500; ++i) {
            if (!book.snapshot().waiters.empty()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return false;
    }

private slots:
    void countGrantsFreeDrivesAndWaitsWithTheReason() {
        ReservationBook book;
        auto a = book.acquire(ask(17, {0, 1}));
        QVERIFY(a.ok());
        auto b = book.acquire(ask(18, {2}));
        QVERIFY(b.ok());
        Reasons reasons;
        auto r = ask_count(19, 2);
        r.on_wait = reasons.sink();
        std::unique_ptr<Reservation> got;
        std::thread t([&] {
            auto g = book.acquire(r);
            if (g) got = std::move(g.value());
        });
        QVERIFY(waits(book));
        QCOMPARE(QString::fromStdString(reasons.first()),
                 QStringLiteral("waiting for 2 drives: 3 of 4 in use by jobs 17, 18"));
        const auto snap = book.snapshot();
        QCOMPARE(snap.holders.size(), std::size_t(2));
        QCOMPARE(snap.waiters.size(), std::size_t(1));
        QCOMPARE(snap.waiters[0].job_id, std::int64_t(19));
        b.value().reset(); // job 18 ends: drives 2 and 3 are free
        t.join();
        QVERIFY(got);
        QCOMPARE(got->drives(), (std::vector<std::size_t>{2, 3}));
        QCOMPARE(QString::fromStdString(reasons.seen.back()), QString()); // granted after waiting
    }

    void oneDriveReasonNamesTheHolders() {
        ReservationBook book;
        auto a = book.acquire(ask_count(17, 3));
        QVERIFY(a.ok());
        auto l = ask_count(0, 1);
        l.job_name = "label of TLO009L9";
        auto b = book.acquire(l);
        QVERIFY(b.ok());
        Reasons reasons;
        auto r = ask_count(20, 1, true);
        r.on_wait = reasons.sink();
        std::thread t([&] { (void)book.acquire(r); });
        QVERIFY(waits(book));
        QCOMPARE(QString::fromStdString(reasons.first()),
                 QStringLiteral("waiting for a drive: 4 of 4 in use by job 17, label of TLO009L9"));
        b.value().reset();
        t.join();
    }

    void automaticTakesWhatIsFreeUpToItsMaximum() {
        ReservationBook book;
        auto a = book.acquire(ask(1, {1}));
        QVERIFY(a.ok());
        auto b = book.acquire(ask_count(2, 4, true));
        QVERIFY(b.ok());
        QCOMPARE(b.value()->drives(), (std::vector<std::size_t>{0, 2, 3}));
        b.value().reset();
        auto c = book.acquire(ask_count(3, 2, true));
        QVERIFY(c.ok());
        QCOMPARE(c.value()->drives(), (std::vector<std::size_t>{0, 2}));
    }

    void overlappingRequestsNeverDeadlock() {
        // {d0,d1} against {d1,d2}, many times from two threads: each takes both or none.
        ReservationBook book;
        std::atomic<int> done{0};
        std::atomic<bool> overlap{false};
        std::atomic<int> in_d1{0};
        auto worker = [&](std::int64_t job, std::vector<std::size_t> drives) {
            for (int i = 0; i < 300; ++i) {
                auto g = book.acquire(ask(job, drives));
                if (!g) return;
                if (++in_d1 > 1) overlap = true;
                std::this_thread::yield();
                --in_d1;
                ++done;
            }
        };
        std::thread a(worker, 1, std::vector<std::size_t>{0, 1});
        std::thread b(worker, 2, std::vector<std::size_t>{1, 2});
        a.join();
        b.join();
        QCOMPARE(done.load(), 600);
        QVERIFY(!overlap.load());
        QVERIFY(book.empty());
    }

    void volumeHeldByOneJobIsNeverGrantedToAnother() {
        ReservationBook book;
        auto a = book.acquire(ask(17, {0}, {"TLO003L9"}));
        QVERIFY(a.ok());
        QVERIFY(a.value()->holds_volume("TLO003L9"));
        auto b = book.acquire(ask(18, {1}));
        QVERIFY(b.ok());
        QVERIFY(!b.value()->try_add_volume("TLO003L9"));
        QVERIFY(b.value()->held_by_other("TLO003L9"));
        QVERIFY(b.value()->try_add_volume("TLO004L9"));
        QVERIFY(!a.value()->try_add_volume("TLO004L9"));

        Reasons reasons;
        auto r = ask(19, {2}, {"TLO003L9"});
        r.on_wait = reasons.sink();
        std::atomic<bool> granted{false};
        std::thread t([&] {
            auto g = book.acquire(r);
            granted = g.ok();
        });
        QVERIFY(waits(book));
        QCOMPARE(QString::fromStdString(reasons.first()),
                 QStringLiteral("waiting for volume TLO003L9 (in use by job 17)"));
        QVERIFY(!granted.load());
        a.value()->drop_volume("TLO003L9"); // given back early: job 19 goes on
        t.join();
        QVERIFY(granted.load());
    }

    void cancelWhileWaiting() {
        ReservationBook book;
        auto a = book.acquire(ask_count(17, 4));
        QVERIFY(a.ok());
        std::atomic<bool> cancel{false};
        auto r = ask_count(18, 1);
        r.cancel = &cancel;
        std::optional<Error> error;
        std::thread t([&] {
            auto g = book.acquire(r);
            if (!g) error = g.error();
        });
        QVERIFY(waits(book));
        cancel = true;
        t.join();
        QVERIFY(error.has_value());
        QCOMPARE(error->kind, ErrorKind::Cancelled);
        QVERIFY2(error->message.find("waiting for a drive") != std::string::npos,
                 error->message.c_str());
        QVERIFY(book.snapshot().waiters.empty());
    }

    void releasedOnDestruction() {
        ReservationBook book;
        {
            auto a = book.acquire(ask(1, {0, 1, 2, 3}, {"TLO001L9"}));
            QVERIFY(a.ok());
            QVERIFY(!book.empty());
        }
        QVERIFY(book.empty());
        auto b = book.acquire(ask(2, {0, 1, 2, 3}, {"TLO001L9"}));
        QVERIFY(b.ok());
    }

    void impossibleRequestsAreRefused() {
        ReservationBook book;
        auto a = book.acquire(ask_count(1, 5));
        QVERIFY(!a.ok());
        QCOMPARE(a.error().kind, ErrorKind::InvalidArgument);
        auto b = book.acquire(ask(1, {4}));
        QVERIFY(!b.ok());
        QCOMPARE(b.error().kind, ErrorKind::InvalidArgument);
        QVERIFY(book.empty());
    }
};

QTEST_GUILESS_MAIN(TestReservations)
#include "test_reservations.moc"
