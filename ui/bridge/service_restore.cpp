#include "bridge/service_restore.h"

#include "bridge/service_command.h"
#include "job/restore_writer.h"

namespace tl::ui {

namespace {
constexpr int kMediaMissingExit = 6; // docs/cli.md

void add_document(RestoreSummary& s, const nlohmann::json& j) {
    s.jobIds << j.value("job_id", 0ll);
    s.restored += j.value("restored", 0ll);
    s.skipped += j.value("skipped", 0ll);
    s.failed += j.value("failed", 0ll);
    s.bytes += j.value("bytes", 0ll);
    s.elapsed += j.value("elapsed_s", 0.0);
    s.waited += j.value("waited_s", 0.0);
    const std::string error = j.value("error", std::string());
    if (!error.empty()) s.message = QString::fromStdString(error);
    for (const auto& p : j.value("problems", nlohmann::json::array()))
        s.problems << QStringLiteral("%1: %2 (%3)")
                          .arg(QString::fromStdString(p.value("status", std::string())),
                               QString::fromStdString(p.value("path", std::string())),
                               QString::fromStdString(p.value("why", std::string())));
}
} // namespace

const char* existingPolicyName(job::ExistingPolicy p) {
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

nlohmann::json restoreTaskRequest(const job::RestoreOptions& o, const std::string& client) {
    nlohmann::json opts = {{"json", true},
                           {"to", o.to.empty() ? std::string("/") : o.to},
                           {"existing", existingPolicyName(o.existing)},
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
    if (!client.empty()) opts["client"] = client;
    return {{"options", opts}};
}

RestoreSummary restoreThroughService(const std::string& home,
                                     const std::vector<job::RestoreOptions>& runs,
                                     std::atomic<bool>& cancel,
                                     const std::vector<std::string>& clients) {
    RestoreSummary s;
    s.status = QStringLiteral("completed");
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& o = runs[i];
        if (cancel) {
            s.status = QStringLiteral("cancelled");
            break;
        }
        const auto request = restoreTaskRequest(o, i < clients.size() ? clients[i] : "");
        const auto end = runServiceCommand(home, {"restore", {}, request["options"]}, &cancel);
        if (!end.ran) { // refused before it started, or the service was lost
            s.status = QStringLiteral("failed");
            s.message = end.error;
            break;
        }
        auto doc = nlohmann::json::parse(end.out, nullptr, false);
        if (doc.is_object() && doc.contains("error") && doc["error"].is_object()) {
            // Refused or failed before a report (the CLI's --json error document).
            s.status = end.exitCode == kMediaMissingExit ? QStringLiteral("media-missing")
                                                         : QStringLiteral("failed");
            s.message = QString::fromStdString(doc["error"].value("message", std::string()));
            break;
        }
        if (doc.is_object()) {
            add_document(s, doc);
            const auto st = QString::fromStdString(doc.value("status", std::string("failed")));
            if (restoreStatusRank(st) > restoreStatusRank(s.status)) s.status = st;
            continue;
        }
        // No document: the command refused before it ran (its message is on err).
        s.status = end.exitCode == kMediaMissingExit ? QStringLiteral("media-missing")
                                                     : QStringLiteral("failed");
        s.message = QString::fromStdString(end.err).trimmed();
        break;
    }
    return s;
}

} // namespace tl::ui
