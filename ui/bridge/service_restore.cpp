#include "bridge/service_restore.h"

#include "client/service_api.h"
#include "common/log.h"
#include "job/restore_writer.h"

namespace tl::ui {

namespace {
void add_result(RestoreSummary& s, const job::RestoreResult& r) {
    s.jobIds << r.report.job_id;
    s.restored += qint64(r.restored);
    s.skipped += qint64(r.skipped);
    s.failed += qint64(r.failed);
    s.bytes += qint64(r.report.bytes);
    s.elapsed += r.report.elapsed;
    s.waited += r.report.waited;
    if (!r.report.error.empty()) s.message = QString::fromStdString(r.report.error);
    for (const auto& p : r.problems)
        s.problems << QStringLiteral("%1: %2 (%3)")
                          .arg(QString::fromStdString(p.status), QString::fromStdString(p.path),
                               QString::fromStdString(p.why));
    const auto st = QString::fromStdString(r.report.status);
    if (restoreStatusRank(st) > restoreStatusRank(s.status)) s.status = st;
}

// Ends the summary with `e`: refused before it started, or the service was lost.
void fail(RestoreSummary& s, const Error& e) {
    log::get("ui")->error("restore through the service: {}", e.message);
    s.status = e.kind == ErrorKind::MediaMissing ? QStringLiteral("media-missing")
                                                 : QStringLiteral("failed");
    s.message = QString::fromStdString(e.message);
}

// Hands the live snapshot of job `id` to `onLive`, when the service has one.
void pass_live(client::Api& api, std::int64_t id, const RestoreLiveSink& onLive) {
    if (!onLive) return;
    auto live = api.live_jobs();
    if (!live) return; // the job's own poll says when the service is gone
    for (const auto& s : live->jobs)
        if (s.job_id == id) return onLive(s);
}

// One restore: started, followed until its job ended (Cancel asks the service once to stop it;
// its live figures go to `onLive` at each poll).
Result<job::RestoreResult> run_one(client::Api& api, client::ServiceClient& c,
                                   const client::RestoreRequest& request, std::atomic<bool>& cancel,
                                   const RestoreLiveSink& onLive) {
    auto started = api.start_restore(request);
    if (!started) return started.error();
    const auto id = started->job;
    bool cancel_sent = false;
    auto ended = client::wait_for_job(api, id, [&] {
        if (cancel && !cancel_sent) {
            cancel_sent = true;
            if (auto st = api.cancel_job(id); !st) // NotFound: it ended meanwhile
                log::get("ui")->warn("cancel of restore job {}: {}", id, st.error().message);
        }
        pass_live(api, id, onLive);
        return true;
    });
    if (!ended) return c.stopped(ended.error(), "restore job " + std::to_string(id));
    return client::restore_result(ended.value());
}
} // namespace

RestoreSummary restoreThroughService(const DoorAddress& door,
                                     const std::vector<job::RestoreOptions>& runs,
                                     std::atomic<bool>& cancel,
                                     const std::vector<std::string>& clients,
                                     const RestoreLiveSink& onLive) {
    RestoreSummary s;
    s.status = QStringLiteral("completed");
    auto c = openClient(door);
    client::ServiceApi api(c);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (cancel) {
            s.status = QStringLiteral("cancelled");
            break;
        }
        const auto request = client::restore_request(runs[i], i < clients.size() ? clients[i] : "");
        auto r = run_one(api, c, request, cancel, onLive);
        if (!r) {
            fail(s, r.error());
            break;
        }
        add_result(s, r.value());
    }
    return s;
}

} // namespace tl::ui
