#include <QtTest>

#include <unistd.h>

#include "common/log.h"
#include "context/engine.h"
#include "metrics/live_board.h"
#include "service/event_hub.h"
#include "service/event_watch.h"
#include "service/log_events.h"

using namespace std::chrono_literals;

// The service's event stream beyond job events (docs/api.md "Streams"): the service's warnings
// and errors as "log" events, and what the operator has to do as "operator-request" events,
// as a subscriber of the stream receives them.
class TestServiceEvents : public QObject {
    Q_OBJECT

    // The next event of `type` within a few seconds (others are passed over).
    static std::optional<tl::service::StreamEvent> next_of(tl::service::Subscriber& s,
                                                           const std::string& type) {
        for (int i = 0; i < 50; ++i) {
            auto e = s.next(100ms);
            if (e && e->type == type) return e;
        }
        return std::nullopt;
    }

private Q_SLOTS:
    void aSubscriberSeesTheServicesWarnings() {
        tl::service::EventHub hub;
        auto sub = hub.subscribe(true, 0);
        QVERIFY(sub);
        {
            tl::service::LogEventsAttached attached(hub);
            tl::log::get("service")->info("an ordinary line");
            tl::log::get("catalog")->warn("catalog is 95% of its disk");
        }
        tl::log::get("service")->warn("after the service: not on any stream");
        auto e = sub->next(1000ms);
        QVERIFY(e);
        QCOMPARE(e->type, std::string("log"));
        const auto data = nlohmann::json::parse(e->data);
        QCOMPARE(data.value("module", ""), std::string("catalog"));
        QCOMPARE(data.value("message", ""), std::string("catalog is 95% of its disk"));
        QCOMPARE(data.value("level", ""), std::string("warning"));
        QVERIFY(data.value("time_ms", 0LL) > 0);
        QVERIFY(!sub->next(200ms)); // the info line and the line after it were not sent
    }

    void aSubscriberSeesADriveWaitingForMedia() {
        QTemporaryDir d;
        const std::string home = d.path().toStdString() + "/home";
        tl::EngineOptions o;
        o.home = home;
        o.log_to_file = false;
        auto engine = tl::Engine::open(o); // the catalog the watch reads
        QVERIFY(engine);
        tl::metrics::LiveSnapshot s;
        s.job_id = 7;
        s.name = "web";
        s.pid = getpid();
        s.seq = 1;
        s.status = "running";
        tl::metrics::LiveDrive drive;
        drive.name = "vlib0-drive1";
        drive.state = "waiting for media";
        s.drives.push_back(drive);
        QVERIFY(tl::metrics::LiveBoard(home).publish(s));

        tl::service::EventHub hub;
        auto sub = hub.subscribe(true, 0);
        QVERIFY(sub);
        tl::service::EventWatch watch(home, hub);
        watch.look();
        auto e = next_of(*sub, "operator-request");
        QVERIFY(e);
        const auto data = nlohmann::json::parse(e->data);
        QCOMPARE(data.value("kind", ""), std::string("media"));
        QCOMPARE(data.value("job", 0), 7);
        QCOMPARE(data.value("drive", ""), std::string("vlib0-drive1"));
        QVERIFY(data.value("message", "").find("volume label") != std::string::npos);
        // Told once while it lasts, again when it begins anew.
        s.seq = 2;
        QVERIFY(tl::metrics::LiveBoard(home).publish(s));
        watch.look();
        QVERIFY(!next_of(*sub, "operator-request"));
        s.seq = 3;
        s.drives[0].state = "writing";
        QVERIFY(tl::metrics::LiveBoard(home).publish(s));
        watch.look();
        s.seq = 4;
        s.drives[0].state = "waiting for media";
        QVERIFY(tl::metrics::LiveBoard(home).publish(s));
        watch.look();
        QVERIFY(next_of(*sub, "operator-request"));
    }
};

QTEST_GUILESS_MAIN(TestServiceEvents)
#include "test_service_events.moc"
