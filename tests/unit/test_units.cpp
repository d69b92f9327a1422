#include <QtTest>

#include <pthread.h>

#include <string>
#include <thread>

#include "common/text_list.h"
#include "common/thread_name.h"
#include "common/units.h"

class TestUnits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A job's threads carry their role as `top -H` and perf show it; Linux keeps 15 bytes.
    void threadsAreNamedAndLongNamesCut() {
        const auto named = [](const char* name) {
            std::string got;
            std::thread t([&] {
                tl::name_this_thread(name);
                char buf[32] = {};
                pthread_getname_np(pthread_self(), buf, sizeof buf);
                got = buf;
            });
            t.join();
            return got;
        };
        QCOMPARE(named("tl-drive"), std::string("tl-drive"));
        QCOMPARE(named("tl-a-much-longer-name"), std::string("tl-a-much-longe"));
    }
    void sizes() {
        QCOMPARE(tl::parse_size("256K").value(), 262144ull);
        QCOMPARE(tl::parse_size("2M").value(), 2097152ull);
        QCOMPARE(tl::parse_size("4g").value(), 4ull << 30);
        QCOMPARE(tl::parse_size("4.5M").value(), 4718592ull);
        QCOMPARE(tl::parse_size("64KiB").value(), 65536ull);
        QCOMPARE(tl::parse_size("123").value(), 123ull);
    }
    void badSizesNameTheInput() {
        auto r = tl::parse_size("12Q");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, tl::ErrorKind::InvalidArgument);
        QVERIFY(r.error().message.find("12Q") != std::string::npos);
        QVERIFY(!tl::parse_size("").ok());
        QVERIFY(!tl::parse_size("-5M").ok());
        QVERIFY(!tl::parse_size("abc").ok());
    }
    void durations() {
        QCOMPARE(tl::parse_seconds("500ms").value(), 0.5);
        QCOMPARE(tl::parse_seconds("2m").value(), 120.0);
        QCOMPARE(tl::parse_seconds("30").value(), 30.0);
        QVERIFY(!tl::parse_seconds("3x").ok());
    }
    void formatting() {
        QCOMPARE(QString::fromStdString(tl::format_bytes(512)), QStringLiteral("512 B"));
        QCOMPARE(QString::fromStdString(tl::format_bytes(3u << 20)), QStringLiteral("3.0 MiB"));
        QCOMPARE(QString::fromStdString(tl::format_rate(123.4e6)), QStringLiteral("123.4 MB/s"));
    }
    // Rates and sizes as drive datasheets write them (plan, bench): decimal multiples.
    void decimalRates() {
        QCOMPARE(tl::parse_decimal("11M").value(), 11e6);
        QCOMPARE(tl::parse_decimal("4.5MB/s").value(), 4.5e6);
        QCOMPARE(tl::parse_decimal("160m").value(), 160e6);
        QCOMPARE(tl::parse_decimal("500").value(), 500.0);
        QVERIFY(!tl::parse_decimal("fast").ok());
        QVERIFY(!tl::parse_decimal("12Q").ok());
        QVERIFY(!tl::parse_decimal("").ok());
        QVERIFY(tl::parse_decimal("12Q").error().message.find("12Q") != std::string::npos);
    }
    // The bench commands' lists: "1, 2,,4" is three items.
    void commaLists() {
        QCOMPARE(tl::split_list("1, 2,,4"), (std::vector<std::string>{"1", "2", "4"}));
        QCOMPARE(tl::split_list("64K,256K"), (std::vector<std::string>{"64K", "256K"}));
        QVERIFY(tl::split_list("").empty());
        QVERIFY(tl::split_list(" , ").empty());
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "test_units.moc"
