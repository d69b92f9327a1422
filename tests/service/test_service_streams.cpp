#include <QtTest>

#include <unistd.h>

#include "cli_runner.h"
#include "client/service_client.h"
#include "fixture_tree.h"
#include "raw_http.h"
#include "service/event_hub.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// The service's streams (docs/api.md "Streams"): job events arrive in order on GET /v1/events
// while clients that stopped reading stay connected and no job waits for them; a client's
// bounded queue drops its oldest live snapshot, never a job event.
class TestServiceStreams : public QObject {
    Q_OBJECT

    static std::string s(const QString& q) { return q.toStdString(); }

    static int count(const std::vector<tltest::SseEvent>& events, const std::string& type) {
        int n = 0;
        for (const auto& e : events)
            n += e.type == type ? 1 : 0;
        return n;
    }

private Q_SLOTS:
    void aFullQueueDropsLiveSnapshotsNeverJobEvents() {
        using tl::service::EventHub;
        EventHub hub;
        auto slow = hub.subscribe(true, 7);
        QVERIFY(slow);
        for (int i = 0; i < 1000; ++i) {
            hub.publish_live(7, {{"seq", i}});
            if (i % 100 == 0) hub.publish("started", {{"queue", i}});
        }
        std::vector<int> queues;
        int live = 0;
        long long last = 0;
        while (auto e = slow->next(std::chrono::milliseconds(0))) {
            QVERIFY(static_cast<long long>(e->seq) > last); // in order
            last = static_cast<long long>(e->seq);
            if (e->type == "started")
                queues.push_back(nlohmann::json::parse(e->data).at("queue").get<int>());
            else
                ++live;
        }
        QCOMPARE(queues, (std::vector<int>{0, 100, 200, 300, 400, 500, 600, 700, 800, 900}));
        QVERIFY(live > 0 && live <= int(EventHub::kQueueLimit));
        QVERIFY(!slow->ended());
        // A queue full of job events ends that client's stream instead of losing one.
        for (std::size_t i = 0; i <= EventHub::kQueueLimit; ++i)
            hub.publish("ended", {{"queue", i}});
        QVERIFY(slow->overflowed());
        // Another client is not touched by it.
        auto other = hub.subscribe(true, 0);
        hub.publish("queued", {{"queue", 1}});
        QVERIFY(other->next(std::chrono::milliseconds(0)).has_value());
    }

    void jobEventsArriveInOrderWhileStalledClientsWait() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        for (int i = 0; i < 3; ++i)
            QVERIFY(tltest::write_file(src + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(40000 + i * 999, 5 + i)));
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};
        const std::string sock = s(home) + "/tapeloom.sock";
        // Clients that send their request and never read a byte.
        const int stalled_events = tltest::stalled_get(sock, "/v1/events");
        const int stalled_live = tltest::stalled_get(sock, "/v1/jobs/1/live");
        QVERIFY(stalled_events >= 0 && stalled_live >= 0);
        tltest::SseReader reader(sock, "/v1/events");
        QTest::qWait(300); // the reader's request reached the service

        for (int i = 0; i < 2; ++i) {
            auto b = run_cli(with_home(home, {"backup", "--source", src, "--drives", "1"}));
            QVERIFY2(b.exit_code == 0, b.err.constData());
        }
        auto v = run_cli(with_home(home, {"verify", "--job", "1"}));
        QVERIFY2(v.exit_code == 0, v.err.constData());
        QTRY_VERIFY_WITH_TIMEOUT(count(reader.events(), "task-ended") == 1, 20000);
        const auto events = reader.events();
        reader.stop();
        close(stalled_events);
        close(stalled_live);

        // For each queue entry: queued, then started, then ended; ids increase.
        std::map<long long, std::vector<std::string>> per_queue;
        long long last = 0;
        for (const auto& e : events) {
            QVERIFY(e.id > last);
            last = e.id;
            const auto j = nlohmann::json::parse(e.data);
            if (j.contains("queue")) per_queue[j["queue"].get<long long>()].push_back(e.type);
        }
        QCOMPARE(per_queue.size(), std::size_t{2});
        for (const auto& [queue, types] : per_queue)
            QCOMPARE(types, (std::vector<std::string>{"queued", "started", "ended"}));
        const auto ended = std::find_if(events.begin(), events.end(),
                                        [](const auto& e) { return e.type == "task-ended"; });
        QCOMPARE(nlohmann::json::parse(ended->data).at("exit_code").get<int>(), 0);
        // The service still answers.
        tl::client::ServiceClient c(s(home));
        QVERIFY(c.service());
    }

    // `events` is a client of the service alone: with --no-autostart it refuses when none
    // runs; without, it starts one (detached, its log in <home>/logs/) and follows it.
    void eventsStartsTheServiceUnlessToldNotTo() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(30000, 9)));
        auto refused = run_cli(with_home(home, {"events", "--no-autostart", "--count", "1"}));
        QCOMPARE(refused.exit_code, 3);
        QVERIFY2(refused.err.contains("--no-autostart") && refused.err.contains("service start"),
                 refused.err.constData());
        QVERIFY(!QFileInfo::exists(home + "/tapeloom.sock"));
        QCOMPARE(run_cli(with_home(home, {"service", "status"})).exit_code, 3);

        QProcess follower;
        follower.start(QStringLiteral(TAPELOOM_CLI),
                       with_home(home, {"events", "--count", "3", "--json"}));
        tltest::ServiceGuard guard{home};
        QTRY_VERIFY_WITH_TIMEOUT(run_cli(with_home(home, {"service", "status"})).exit_code == 0,
                                 30000);
        QVERIFY(QFileInfo::exists(home + "/logs/service.log"));
        QTest::qWait(300); // the follower's stream is open
        auto b = run_cli(with_home(home, {"backup", "--source", src, "--drives", "1"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QVERIFY(follower.waitForFinished(30000));
        QCOMPARE(follower.exitCode(), 0);
        QVERIFY2(follower.readAllStandardError().contains("started the service"), "no notice");
        QStringList types;
        for (const auto& line : follower.readAllStandardOutput().split('\n'))
            if (!line.isEmpty())
                types << QJsonDocument::fromJson(line).object().value("type").toString();
        QCOMPARE(types, (QStringList{"queued", "started", "ended"}));
    }
};

QTEST_GUILESS_MAIN(TestServiceStreams)
#include "test_service_streams.moc"
