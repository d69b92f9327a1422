#include <QtTest>

#include "common/log.h"

// The GUI's Log page reads the engine's log through the ring sink: order, levels, modules and
// the capacity limit must hold.
class TestLogRing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void entriesArriveInOrderWithModule() {
        auto ring = tl::log::ring();
        const auto start = ring->last_seq();
        tl::log::get("device")->warn("drive {} offline", 3);
        tl::log::get("catalog")->info("hello");
        const auto entries = ring->since(start);
        QCOMPARE(entries.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(entries[0].module), QStringLiteral("device"));
        QCOMPARE(QString::fromStdString(entries[0].text), QStringLiteral("drive 3 offline"));
        QCOMPARE(entries[0].level, static_cast<int>(spdlog::level::warn));
        QCOMPARE(QString::fromStdString(entries[1].module), QStringLiteral("catalog"));
        QVERIFY(entries[1].seq == entries[0].seq + 1);
    }
    void capacityKeepsNewest() {
        tl::log::RingSink ring(3);
        auto logger = std::make_shared<spdlog::logger>(
            "t", std::shared_ptr<spdlog::sinks::sink>(&ring, [](auto*) {}));
        for (int i = 0; i < 5; ++i)
            logger->info("m{}", i);
        const auto all = ring.since(0);
        QCOMPARE(all.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(all.front().text), QStringLiteral("m2"));
        QCOMPARE(QString::fromStdString(all.back().text), QStringLiteral("m4"));
    }
    void levelNames() {
        QVERIFY(tl::log::parse_level("debug").ok());
        auto bad = tl::log::parse_level("loud");
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.find("loud") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLogRing)
#include "test_log_ring.moc"
