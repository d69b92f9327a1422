#include <QtTest>

#include "metrics/cpu_stat.h"

// Per-CPU utilization is derived from /proc/stat deltas; check the arithmetic on known readings.
class TestCpuStat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void utilizationFromDeltas() {
        const std::string a = "cpu  100 0 50 800 50 0 0 0 0 0\n"
                              "cpu0 50 0 25 400 25 0 0 0 0 0\n"
                              "cpu1 50 0 25 400 25 0 0 0 0 0\n"
                              "intr 12345\n";
        // cpu0: +60 user, +20 system, +20 idle -> 60% user, 20% system, 20% idle.
        // cpu1: +100 idle -> idle. all: +60 user, +20 system, +120 idle, +0 iowait.
        const std::string b = "cpu  160 0 70 920 50 0 0 0 0 0\n"
                              "cpu0 110 0 45 420 25 0 0 0 0 0\n"
                              "cpu1 50 0 25 500 25 0 0 0 0 0\n";
        auto ra = tl::metrics::parse_proc_stat(a);
        auto rb = tl::metrics::parse_proc_stat(b);
        QVERIFY(ra.ok() && rb.ok());
        QCOMPARE(ra->per_cpu.size(), std::size_t(2));
        const auto s = tl::metrics::usage_between(ra.value(), rb.value());
        QCOMPARE(s.per_cpu.size(), std::size_t(2));
        QCOMPARE(s.per_cpu[0].user, 60.0);
        QCOMPARE(s.per_cpu[0].system, 20.0);
        QCOMPARE(s.per_cpu[0].idle, 20.0);
        QCOMPARE(s.per_cpu[0].busy(), 80.0);
        QCOMPARE(s.per_cpu[1].busy(), 0.0);
        QCOMPARE(s.per_cpu[1].idle, 100.0);
        QCOMPARE(s.all.busy(), 40.0);
    }
    void iowaitIsSeparate() {
        auto a = tl::metrics::parse_proc_stat("cpu 0 0 0 0 0 0 0 0\ncpu0 0 0 0 0 0 0 0 0\n");
        auto b = tl::metrics::parse_proc_stat("cpu 10 0 0 40 50 0 0 0\ncpu0 10 0 0 40 50 0 0 0\n");
        const auto s = tl::metrics::usage_between(a.value(), b.value());
        QCOMPARE(s.all.iowait, 50.0);
        QCOMPARE(s.all.busy(), 10.0);
    }
    void noCpuLineIsAnError() {
        auto r = tl::metrics::parse_proc_stat("intr 1 2 3\n");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, tl::ErrorKind::Corrupt);
    }
    void realProcStatHasEveryCpu() {
        auto r = tl::metrics::read_proc_stat();
        QVERIFY(r.ok());
        QCOMPARE(static_cast<int>(r->per_cpu.size()), QThread::idealThreadCount());
    }
};

QTEST_GUILESS_MAIN(TestCpuStat)
#include "test_cpu_stat.moc"
