// How a bench divides a backup's time from its drives' traces (bench/job_phases.h): the spans
// before, of and after the data, and the three rates held against the drives' native rate.
// Hand-made reports: the figures follow from the traces alone.
#include <QtTest>

#include "bench/job_phases.h"

using namespace tl;
using namespace tl::bench;

namespace {
job::DriveReport drive(std::uint64_t bytes, double mount, double mounted, double first,
                       double on_tape, double released) {
    job::DriveReport d;
    d.bytes = bytes;
    d.blocks = bytes / (256 * 1024);
    d.times.mount_start = mount;
    d.times.mounted = mounted;
    d.times.first_block = first;
    d.times.tape_start = first + 0.01;
    d.times.last_block = on_tape - 0.1;
    d.times.on_tape = on_tape;
    d.times.released = released;
    return d;
}

// Two drives of 1 GB: the second mounts 0.5 s later (the robot served the first).
job::JobReport two_drives() {
    job::JobReport r;
    r.elapsed = 3.3;
    r.reserved_at = 0.01;
    r.drives.push_back(drive(1'000'000'000, 0.02, 0.2, 0.2, 2.7, 2.71));
    r.drives.push_back(drive(1'000'000'000, 0.02, 0.7, 0.7, 2.7 + 0.5, 2.9));
    r.tape_bytes = 2'000'000'000;
    return r;
}
} // namespace

class TestJobPhases : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void spansAddUpToTheJob() {
        const auto p = job_phases(two_drives());
        QVERIFY(p.known);
        QCOMPARE(p.before_data(), 0.2);  // the first block handed to any drive
        QCOMPARE(p.data_seconds(), 3.0); // ... to the last byte on tape of any drive
        QCOMPARE(p.after_data(), 0.1);   // ... to the job's end
        QCOMPARE(p.mount_first, 0.02);
        QCOMPARE(p.mounted_last, 0.7);
        QCOMPARE(p.first_block_last, 0.7);
        QCOMPARE(p.tape_start_first, 0.21);
        QCOMPARE(p.tape_start_last, 0.71);
        QCOMPARE(p.released, 2.9);
    }

    // Each drive's rate over its own span: the robot's later mount of the second drive lowers
    // the job's data rate, not the drives'.
    void drivesRateLeavesTheMountsOut() {
        const auto p = job_phases(two_drives());
        QCOMPARE(p.drives_data_rate, 2 * 1e9 / 2.5);
        QCOMPARE(p.data_rate(), 2e9 / 3.0);
        const auto j = to_json(p, 1.6e9);
        QCOMPARE(j["drives_data_pct"].get<double>(), 100.0 * 800e6 / 1.6e9);
        QCOMPARE(j["job_data_pct"].get<double>(), 100.0 * (2e9 / 3.0) / 1.6e9);
        const auto text = format_phases(p, 1.6e9, 2e9 / 3.3);
        QVERIFY2(text.find("50.0 %") != std::string::npos, text.c_str()); // 800 of 1,600 MB/s
        QVERIFY2(text.find("37.9 %") != std::string::npos, text.c_str()); // the wall's share
    }

    // A drive that wrote without a trace (a failed one) leaves the phases unknown, not guessed;
    // a drive that wrote nothing does not count.
    void aDriveWithoutTraceMakesThemUnknown() {
        auto r = two_drives();
        r.drives[1].times.on_tape = -1;
        QVERIFY(!job_phases(r).known);
        QCOMPARE(job_phases(r).data_rate(), 0.0);
        QCOMPARE(to_json(job_phases(r), 1.6e9)["known"].get<bool>(), false);
        auto idle = two_drives();
        job::DriveReport none;
        none.name = "idle";
        idle.drives.push_back(none);
        QVERIFY(job_phases(idle).known);
        QCOMPARE(job_phases(idle).data_seconds(), 3.0);
    }

    // The job report keeps the trace: what the bench reads back from a stored report.
    void theTraceSurvivesTheStoredReport() {
        const auto back = job::report_from_json(job::to_json(two_drives()));
        QCOMPARE(back.reserved_at, 0.01);
        QCOMPARE(back.drives.size(), std::size_t{2});
        QCOMPARE(back.drives[1].times.mounted, 0.7);
        QCOMPARE(back.drives[1].times.on_tape, 3.2);
        QCOMPARE(back.drives[0].times.tape_start, 0.21);
        QCOMPARE(back.sessions_started_at, -1.0); // not recorded: absent, not zero
    }
};

QTEST_GUILESS_MAIN(TestJobPhases)
#include "test_job_phases.moc"
