// The dashboard's own cost under a synthetic feed (issue: 16 drives, 64 sessions and 16 CPUs
// at 1 Hz under 5% of one core). Not a test: it runs for --seconds and prints the CPU time the
// console spent, per second of wall time. The snapshots go through the LiveFeed's signals and
// the CPU samples through the SystemPoller's (their reads through the service run on worker
// threads, issue 38), so the measured work is the dashboard's: models, tiles and the two graphs
// redrawn each second.
//   xvfb-run -a build/default/bin/tapeloom-dashboard-bench --seconds 60
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <cmath>
#include <cstdio>

#include <sys/resource.h>

#include "bridge/live_feed.h"
#include "bridge/system_poller.h"
#include "pages/dashboard/dashboard_page.h"

namespace {
double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}
} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    QCommandLineOption secondsOpt(QStringLiteral("seconds"), QStringLiteral("Duration."),
                                  QStringLiteral("S"), QStringLiteral("60"));
    QCommandLineOption drivesOpt(QStringLiteral("drives"), QStringLiteral("Drives."),
                                 QStringLiteral("N"), QStringLiteral("16"));
    QCommandLineOption sessionsOpt(QStringLiteral("sessions"), QStringLiteral("Sessions."),
                                   QStringLiteral("N"), QStringLiteral("64"));
    QCommandLineOption cpusOpt(QStringLiteral("cpus"), QStringLiteral("CPUs."), QStringLiteral("N"),
                               QStringLiteral("16"));
    p.addOptions({secondsOpt, drivesOpt, sessionsOpt, cpusOpt});
    p.process(app);
    const int seconds = p.value(secondsOpt).toInt();
    const int drives = p.value(drivesOpt).toInt();
    const int sessions = p.value(sessionsOpt).toInt();
    const int cpus = p.value(cpusOpt).toInt();

    QTemporaryDir home;
    // Fed below instead: the dashboard's own work, not the reads through the service's door.
    const tl::ui::DoorAddress door{home.path().toStdString(), {}};
    tl::ui::SystemPoller poller(door, nullptr, 3600 * 1000);
    tl::ui::LiveFeed feed(door, 3600 * 1000);
    tl::ui::DashboardPage page(&poller, &feed, home.path());
    page.resize(1280, 900);
    page.show();

    int tick = 0;
    double feedCpu = 0; // time spent producing the feed, not the dashboard's
    QTimer timer;
    timer.setInterval(1000);
    QObject::connect(&timer, &QTimer::timeout, &app, [&] {
        const double before = cpu_seconds();
        ++tick;
        tl::metrics::LiveSnapshot s;
        s.job_id = 1;
        s.pid = getpid();
        s.seq = static_cast<std::uint64_t>(tick);
        s.elapsed = tick;
        s.status = "running";
        for (int d = 0; d < drives; ++d) {
            tl::metrics::LiveDrive x;
            x.name = "drive" + std::to_string(d);
            x.volume = "TL" + std::to_string(1000 + d);
            x.state = "writing";
            x.bytes = static_cast<std::uint64_t>(tick) * (100000000ull + 1000000ull * d);
            x.rate = 100e6 + 20e6 * std::sin(tick * 0.3 + d);
            x.buffer_fill = 0.5 + 0.4 * std::sin(tick * 0.2 + d);
            s.drives.push_back(x);
        }
        for (int k = 0; k < sessions; ++k) {
            tl::metrics::LiveSession x;
            x.source = "/data/source" + std::to_string(k);
            x.drive = "drive" + std::to_string(k % drives);
            x.state = "reading";
            x.bytes = static_cast<std::uint64_t>(tick) * 25000000ull;
            x.files = static_cast<std::uint64_t>(tick) * 100;
            x.current_file = x.source + "/dir/file" + std::to_string(tick) + ".dat";
            x.rate = 25e6;
            s.sessions.push_back(x);
        }
        Q_EMIT feed.board({s});
        if (tick == 1) Q_EMIT feed.jobChanged(s.job_id);
        Q_EMIT feed.snapshot(s);
        tl::metrics::CpuSample c;
        for (int i = 0; i < cpus; ++i)
            c.per_cpu.push_back({40 + 20 * std::sin(tick * 0.1 + i), 10, 2, 48});
        c.all.iowait = 2;
        feedCpu += cpu_seconds() - before;
        Q_EMIT poller.cpuSampled(tick, c);
        if (tick >= seconds) app.quit();
    });
    const double start = cpu_seconds();
    QElapsedTimer wall;
    wall.start();
    timer.start();
    app.exec();
    const double used = cpu_seconds() - start - feedCpu;
    const double elapsed = static_cast<double>(wall.elapsed()) / 1000.0;
    std::printf("dashboard: %d drives, %d sessions, %d CPUs at 1 Hz for %.0f s: %.2f s CPU = "
                "%.2f%% of one core (feed generation excluded: %.2f s)\n",
                drives, sessions, cpus, elapsed, used, 100.0 * used / elapsed, feedCpu);
    return 0;
}
