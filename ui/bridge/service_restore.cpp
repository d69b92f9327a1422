#include "bridge/service_restore.h"

#include <chrono>
#include <thread>

#include "client/service_client.h"
#include "common/log.h"
#include "job/restore_writer.h"

namespace tl::ui {

namespace {
constexpr auto kPollEvery = std::chrono::milliseconds(200);
constexpr int kMediaMissingExit = 6; // docs/cli.md

const char* existing_name(job::ExistingPolicy p) {
    switch (p) {
    case job::ExistingPolicy::Overwrite:
        return "overwrite";
    case job::ExistingPolicy::KeepNewer:
        return "keep-newer";
    case job::ExistingPolicy::Rename:
        return "rename";
    case job::ExistingPolicy::Skip:
        break;
    }
    return "skip";
}

struct TaskEnd {
    int exit_code = 0;
    std::string out, err;
};

// Starts the task and follows it to its end; cancels it when `cancel` is set.
Result<TaskEnd> run_task(client::ServiceClient& c, const nlohmann::json& request,
                         std::atomic<bool>& cancel) {
    auto id = c.start_task("restore", request);
    if (!id) return id.error();
    TaskEnd end;
    std::size_t out_at = 0, err_at = 0;
    bool cancel_sent = false;
    for (;;) {
        auto t = c.task(id.value(), out_at, err_at);
        if (!t)
            return c.stopped(t.error(), "the restore (task " + std::to_string(id.value()) + ")");
        end.out += t->out;
        end.err += t->err;
        out_at = t->out_end;
        err_at = t->err_end;
        if (t->ended) {
            end.exit_code = t->exit_code;
            return end;
        }
        if (cancel && !cancel_sent) {
            if (auto st = c.cancel_task(id.value()); !st)
                log::get("ui")->warn("cancel of restore task {}: {}", id.value(),
                                     st.error().message);
            cancel_sent = true;
        }
        std::this_thread::sleep_for(kPollEvery);
    }
}

void add_document(RestoreSummary& s, const nlohmann::json& j) {
    s.jobIds << j.value("job_id", 0ll);
    s.restored += j.value("restored", 0ll);
    s.skipped += j.value("skipped", 0ll);
    s.failed += j.value("failed", 0ll);
    s.bytes += j.value("bytes", 0ll);
    const std::string error = j.value("error", std::string());
    if (!error.empty()) s.message = QString::fromStdString(error);
    for (const auto& p : j.value("problems", nlohmann::json::array()))
        s.problems << QStringLiteral("%1: %2 (%3)")
                          .arg(QString::fromStdString(p.value("status", std::string())),
                               QString::fromStdString(p.value("path", std::string())),
                               QString::fromStdString(p.value("why", std::string())));
}
} // namespace

nlohmann::json restoreTaskRequest(const job::RestoreOptions& o) {
    nlohmann::json opts = {{"json", true},
                           {"to", o.to.empty() ? std::string("/") : o.to},
                           {"existing", existing_name(o.existing)},
                           {"sync", job::sync_mode_name(o.sync)}};
    const auto& w = o.what;
    if (w.job_id) opts["job"] = std::to_string(w.job_id);
    if (w.saveset_id) opts["saveset"] = std::to_string(w.saveset_id);
    if (!w.source.empty()) opts["source"] = w.source;
    if (w.at) opts["at"] = std::to_string(w.at);
    if (!w.paths.empty()) opts["path"] = w.paths;
    if (w.changes_only) opts["changes-only"] = true;
    if (!o.library.empty()) opts["library"] = o.library;
    if (o.drives) opts["drives"] = std::to_string(o.drives);
    if (o.wait_for_media) opts["wait-for-media"] = true;
    return {{"options", opts}};
}

RestoreSummary restoreThroughService(const std::string& home,
                                     const std::vector<job::RestoreOptions>& runs,
                                     std::atomic<bool>& cancel) {
    RestoreSummary s;
    s.status = QStringLiteral("completed");
    client::ServiceClient c(home);
    for (const auto& o : runs) {
        if (cancel) {
            s.status = QStringLiteral("cancelled");
            break;
        }
        auto end = run_task(c, restoreTaskRequest(o), cancel);
        if (!end) {
            log::get("ui")->error("restore through the service: {}", end.error().message);
            s.status = QStringLiteral("failed");
            s.message = QString::fromStdString(end.error().message);
            break;
        }
        auto doc = nlohmann::json::parse(end->out, nullptr, false);
        if (doc.is_object()) {
            add_document(s, doc);
            const auto st = QString::fromStdString(doc.value("status", std::string("failed")));
            if (restoreStatusRank(st) > restoreStatusRank(s.status)) s.status = st;
            continue;
        }
        // No document: the command refused before it ran (its message is on err).
        s.status = end->exit_code == kMediaMissingExit ? QStringLiteral("media-missing")
                                                       : QStringLiteral("failed");
        s.message = QString::fromStdString(end->err).trimmed();
        log::get("ui")->error("restore through the service: {}", end->err);
        break;
    }
    return s;
}

} // namespace tl::ui
