#include <QtTest>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "service/job_log.h"
#include "service/log_tail.h"

// The lines GET /v1/log answers with (service/log_tail.h): the log file's form parsed, a line's
// continuation joined to it, its newest lines without a cut line, the lines written since a
// cursor, a rotated file from its beginning, and a cursor that is not one refused.
// A job's log (GET /v1/jobs/{id}/log, service/job_log.h) is the lines of its time window.
class TestLogTail : public QObject {
    Q_OBJECT

    static void append(const QString& path, const QByteArray& bytes) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        QCOMPARE(f.write(bytes), qint64(bytes.size()));
    }

private Q_SLOTS:
    void aLineOfTheFile() {
        tl::service::LogFileLine l;
        QVERIFY(tl::service::parse_log_file_line(
            "2026-11-30 15:20:26.561 warning [job] [pid 4242] backup job 3: slow source", l));
        QCOMPARE(l.level, std::string("warning"));
        QCOMPARE(l.module, std::string("job"));
        QCOMPARE(l.pid, 4242LL);
        QCOMPARE(l.message, std::string("backup job 3: slow source"));
        QVERIFY(l.time_ms % 1000 == 561);
        QVERIFY(
            tl::service::parse_log_file_line("2026-11-30 15:20:26.561 info  [ui] [pid 7] x", l));
        QCOMPARE(l.level, std::string("info"));
        QVERIFY(!tl::service::parse_log_file_line("  at frame 2", l));
    }

    void newestLinesThenWhatFollows() {
        QTemporaryDir dir;
        const QString path = dir.filePath("tapeloom.log");
        const std::string p = path.toStdString();
        auto none = tl::service::read_log_file(p, "");
        QVERIFY(none.ok() && none->lines.empty()); // no file yet
        append(path, "2026-11-30 15:20:26.561 error [device] [pid 9] drive failed\n"
                     "second line of it\n"
                     "2026-11-30 15:20:27.000 info  [job] [pid 9] job 1 ended\n");
        auto first = tl::service::read_log_file(p, "");
        QVERIFY(first.ok());
        QCOMPARE(first->lines.size(), std::size_t(2));
        QCOMPARE(first->lines[0].message, std::string("drive failed\nsecond line of it"));
        QVERIFY(!first->more);
        auto again = tl::service::read_log_file(p, first->next);
        QVERIFY(again.ok() && again->lines.empty());
        append(path, "2026-11-30 15:20:28.000 debug [service] [pid 9] GET /v1/live 200\n"
                     "2026-11-30 15:20:28.100 info  [job] [pid 9] half a li");
        auto next = tl::service::read_log_file(p, first->next);
        QVERIFY(next.ok());
        QCOMPARE(next->lines.size(), std::size_t(1)); // the unfinished line waits
        QCOMPARE(next->lines[0].message, std::string("GET /v1/live 200"));
        append(path, "ne\n");
        auto rest = tl::service::read_log_file(p, next->next);
        QVERIFY(rest.ok());
        QCOMPARE(rest->lines.size(), std::size_t(1));
        QCOMPARE(rest->lines[0].message, std::string("half a line"));
    }

    void aRotatedFileFromItsBeginning() {
        QTemporaryDir dir;
        const QString path = dir.filePath("tapeloom.log");
        append(path, "2026-11-30 15:20:26.561 info  [job] [pid 9] old\n");
        auto first = tl::service::read_log_file(path.toStdString(), "");
        QVERIFY(first.ok());
        QVERIFY(QFile::rename(path, dir.filePath("tapeloom.1.log")));
        append(path, "2026-11-30 15:21:00.000 info  [job] [pid 9] new, and longer than before\n");
        auto rotated = tl::service::read_log_file(path.toStdString(), first->next);
        QVERIFY(rotated.ok());
        QCOMPARE(rotated->lines.size(), std::size_t(1));
        QCOMPARE(rotated->lines[0].message, std::string("new, and longer than before"));
    }

    void theNewestMibOfALargeFileBeginsWithAWholeLine() {
        QTemporaryDir dir;
        const QString path = dir.filePath("tapeloom.log");
        QByteArray many;
        for (int i = 0; i < 30000; ++i)
            many += QByteArray("2026-11-30 15:20:26.561 info  [job] [pid 9] line ") +
                    QByteArray::number(i) + "\n";
        append(path, many);
        auto tail = tl::service::read_log_file(path.toStdString(), "");
        QVERIFY(tail.ok());
        QVERIFY(!tail->lines.empty() && tail->lines.size() < 30000);
        QCOMPARE(tail->lines.back().message, std::string("line 29999"));
        QVERIFY(tail->lines.front().message.rfind("line ", 0) == 0);
        QVERIFY(!tail->more);
        auto from_start = tl::service::read_log_file(path.toStdString(), "1:0");
        QVERIFY(from_start.ok()); // another file's cursor: from the beginning, a MiB at most
        QCOMPARE(from_start->lines.front().message, std::string("line 0"));
        QVERIFY(from_start->more);
    }

    void aCursorThatIsNotOne() {
        auto r = tl::service::read_log_file("/nonexistent/tapeloom.log", "nonsense");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, tl::ErrorKind::InvalidArgument);
        QVERIFY(r.error().message.find("?after=") != std::string::npos);
    }

    // A job's log is the log file's lines written while it ran (the current file and the newest
    // rotated one), continuation lines included, nothing from before or after, nor the lines of
    // a job that ran beside it (issue 42, item 30).
    void jobLogIsTheLinesOfItsTimeWindow() {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.path() + "/logs"));
        const QDateTime t0 = QDateTime::fromString("2026-11-30 10:00:00", "yyyy-MM-dd HH:mm:ss");
        auto line = [&](int s, const QString& text) {
            return t0.addSecs(s).toString("yyyy-MM-dd HH:mm:ss.zzz") + " warning [job] [pid 9] " +
                   text;
        };
        append(dir.path() + "/logs/tapeloom.1.log",
               (QStringList{line(-60, "an earlier job"), line(5, "job 7 started"),
                            line(20, "file a skipped")}
                    .join('\n') +
                '\n')
                   .toUtf8());
        append(dir.path() + "/logs/tapeloom.log",
               (QStringList{line(30, "drive 1 positioning"), "  a continuation of it",
                            line(35, "job 99999999999999999999999 is no job of ours"),
                            line(40, "backup job 8: drive(s) 2 reserved"), "  of job 8",
                            line(61, "job 7 ended"), line(62, "the job after")}
                    .join('\n') +
                '\n')
                   .toUtf8());
        const tl::service::JobLogWindow window{7, t0.addSecs(5).toSecsSinceEpoch(),
                                               t0.addSecs(60).toSecsSinceEpoch(), 0};
        const std::string home = dir.path().toStdString();
        const auto got = tl::service::job_log_lines(home, window, 5000);
        QCOMPARE(got.size(), std::size_t(5));
        QVERIFY(QString::fromStdString(got[0]).endsWith("job 7 started"));
        QVERIFY(QString::fromStdString(got[1]).endsWith("file a skipped"));
        QVERIFY(QString::fromStdString(got[2]).endsWith("drive 1 positioning"));
        QCOMPARE(got[3], std::string("a continuation of it"));
        QVERIFY(QString::fromStdString(got[4]).endsWith("job 7 ended"));
        QCOMPARE(tl::service::job_log_lines(home, window, 2).size(), std::size_t(2));
        auto every = window;
        every.job = 0;
        QCOMPARE(tl::service::job_log_lines(home, every, 5000).size(), std::size_t(8));
        QCOMPARE(tl::service::log_line_stamp(got[0]), t0.addSecs(5).toSecsSinceEpoch());
        QCOMPARE(tl::service::log_line_stamp("  at frame 2"), -1LL);
    }
};

QTEST_MAIN(TestLogTail)
#include "test_log_tail.moc"
