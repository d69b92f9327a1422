#include "bridge/live_feed.h"

#include <memory>

#include "common/log.h"

namespace tl::ui {

using Board = Result<client::LiveJobs>;

LiveFeed::LiveFeed(const DoorAddress& door, int intervalMs, QObject* parent)
    : QObject(parent), door_(this, door, [this] {
          return [this](client::Api& api) -> GuiContinuation {
              auto all = std::make_shared<Board>(api.live_board());
              return [this, all] { take(*all); };
          };
      }) {
    timer_.setInterval(intervalMs);
    connect(&timer_, &QTimer::timeout, this, &LiveFeed::poll);
    timer_.start();
}

void LiveFeed::follow(qint64 jobId) {
    if (jobId == pinned_) return;
    pinned_ = jobId;
    poll();
}

void LiveFeed::poll() {
    door_.request();
}

void LiveFeed::take(const Board& all) {
    if (!all) {
        const QString msg = QString::fromStdString(all.error().message);
        if (msg != lastError_) {
            log::get("ui")->error("live figures through the service: {}", all.error().message);
            Q_EMIT failed(msg);
        }
        lastError_ = msg;
        return;
    }
    if (!lastError_.isEmpty()) {
        lastError_.clear();
        Q_EMIT recovered();
    }
    show(all->jobs);
}

void LiveFeed::show(const std::vector<metrics::LiveSnapshot>& all) {
    Q_EMIT board(all);
    if (all.empty()) return;
    // The pinned job; else the newest running (or waiting) job; with none running, the newest
    // that ended (a job that started and ended between two polls too, never an older one).
    const metrics::LiveSnapshot* pick = nullptr;
    for (const auto& s : all)
        if (pinned_ && s.job_id == pinned_) pick = &s;
    if (!pick)
        for (const auto& s : all)
            if (!s.ended && (!pick || s.job_id > pick->job_id)) pick = &s;
    if (!pick)
        for (const auto& s : all)
            if (!pick || s.job_id > pick->job_id) pick = &s;
    if (!pick) return;
    if (pick->job_id != job_) {
        job_ = pick->job_id;
        seq_ = 0;
        ended_ = false;
        Q_EMIT jobChanged(job_);
    }
    if (pick->seq == seq_ && pick->ended == ended_) return;
    seq_ = pick->seq;
    ended_ = pick->ended;
    Q_EMIT snapshot(*pick);
}

} // namespace tl::ui
