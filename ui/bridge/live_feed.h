#pragma once
// Follows the jobs of the service the console shows through its typed door (GET
// /v1/live?ended=true: the data directory's LiveBoard as the service reads it, so jobs of the
// service, of `tapeloom-cli` and of other consoles alike, on this machine or another). Polls on a
// QTimer; each read runs on a worker thread, one at a time (door_poll.h), and its result comes back
// here on the GUI thread. Follows the newest running (or waiting) job, else the newest one that
// ended; follow() pins one job instead. Every read also hands out the whole board (every job's
// drives, for the library-wide view). A failed read is said once (failed(), logged once) until a
// read succeeds again (recovered()). GUI thread only.
#include <QObject>
#include <QTimer>
#include <vector>

#include "bridge/door_poll.h"
#include "metrics/live_snapshot.h"

namespace tl::ui {

class LiveFeed final : public QObject {
    Q_OBJECT
public:
    LiveFeed(const DoorAddress& door, int intervalMs, QObject* parent = nullptr);
    void setInterval(int ms) { timer_.setInterval(ms); }
    // Asks the service now (also called by the timer); the answer comes as the signals below.
    void poll();
    qint64 followedJob() const { return job_; }
    // Follows job `jobId` from the next read on, whatever else runs; 0: the newest job again.
    void follow(qint64 jobId);
    qint64 pinnedJob() const { return pinned_; }
    // The error of the last read ("" when it succeeded).
    const QString& lastError() const { return lastError_; }

Q_SIGNALS:
    // A different job is followed from now on; its first snapshot follows.
    void jobChanged(qint64 jobId);
    // A new poll of the followed job (its seq changed).
    void snapshot(const tl::metrics::LiveSnapshot& s);
    // Every job on the board as of this read (running and waiting ones first).
    void board(const std::vector<tl::metrics::LiveSnapshot>& jobs);
    void failed(const QString& message);
    // A read succeeded after failed().
    void recovered();

private:
    void take(const Result<client::LiveJobs>& all);
    void show(const std::vector<metrics::LiveSnapshot>& all);
    DoorPoll door_;
    QTimer timer_;
    qint64 job_ = 0;
    qint64 pinned_ = 0;
    quint64 seq_ = 0;
    bool ended_ = false;
    QString lastError_;
};

} // namespace tl::ui
