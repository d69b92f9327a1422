#pragma once
// Follows the jobs running on a data directory through the engine's LiveBoard files (so it
// shows jobs of this process, of `tapeloom-cli` and of the service alike, without taking the
// data directory's lock). Polls on a QTimer; each poll reads a few small files (well under a
// millisecond for 64 sessions), so it runs on the GUI thread. Follows the newest running (or
// waiting) job, else the newest one that ended; follow() pins one job instead.
// Every poll also hands out the whole board (every job's drives, for the library-wide view).
// GUI thread only.
#include <QObject>
#include <QTimer>
#include <vector>

#include "metrics/live_board.h"

namespace tl::ui {

class LiveFeed final : public QObject {
    Q_OBJECT
public:
    LiveFeed(const QString& home, int intervalMs, QObject* parent = nullptr);
    void setInterval(int ms) { timer_.setInterval(ms); }
    // Reads the board now (also called by the timer).
    void poll();
    qint64 followedJob() const { return job_; }
    // Follows job `jobId` from the next poll on, whatever else runs; 0: the newest job again.
    void follow(qint64 jobId);
    qint64 pinnedJob() const { return pinned_; }

Q_SIGNALS:
    // A different job is followed from now on; its first snapshot follows.
    void jobChanged(qint64 jobId);
    // A new poll of the followed job (its seq changed).
    void snapshot(const tl::metrics::LiveSnapshot& s);
    // Every job on the board as of this poll (running and waiting ones first).
    void board(const std::vector<tl::metrics::LiveSnapshot>& jobs);
    void failed(const QString& message);

private:
    metrics::LiveBoard board_;
    QTimer timer_;
    qint64 job_ = 0;
    qint64 pinned_ = 0;
    quint64 seq_ = 0;
    bool ended_ = false;
    QString lastError_;
};

} // namespace tl::ui
