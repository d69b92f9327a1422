#include "schedule/definition_run.h"

#include <unistd.h>

#include "catalog/job_writes.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "job/backup_job.h"
#include "job/catalog_backup.h"
#include "schedule/shell_command.h"

namespace tl::schedule {

namespace {
job::BackupOptions backup_options(const JobDefinition& d, const std::string& level) {
    job::BackupOptions o;
    o.sources = d.sources;
    o.pool = d.pool;
    o.library = d.library;
    o.drives = d.drives;
    o.sessions_per_drive = d.sessions_per_drive;
    o.block_size = d.block_size;
    o.read_buffer = d.read_buffer;
    o.compression = d.compression;
    o.encryption.encryption = d.encryption;
    o.encryption.key = d.key;
    if (!d.encrypt_names.empty()) o.encryption.encrypt_names = d.encrypt_names == "yes";
    o.name = d.name;
    o.level = level;
    o.walk.include = d.include;
    o.walk.exclude = d.exclude;
    o.walk.one_file_system = d.one_file_system;
    return o;
}

// `catalog after-jobs on`: the catalog follows every scheduled job to tape as the CLI's backup
// does, so a machine lost after a night of scheduled jobs is recoverable from their media.
// A failed catalog backup is a warning of the job, never a failure of its data.
void follow_with_catalog_backup(Engine& engine, const JobDefinition& d, job::JobReport& report) {
    auto log = log::get("schedule");
    auto s = media::after_jobs_setting(engine_catalog(engine));
    if (!s) {
        report.warnings.push_back("cannot read the catalog backup setting: " + s.error().message);
        return;
    }
    if (!media::wants_catalog_backup(s.value(), d.name, report.status)) return;
    media::CatalogBackupOptions o;
    o.pool = s->pool;
    o.library = d.library;
    auto r = media::backup_catalog(engine, o);
    if (r && r->status == "completed") {
        log->info("job '{}' (job {}): catalog backed up as job {} (pool {})", d.name, report.job_id,
                  r->job_id, o.pool);
        return;
    }
    const std::string why = r ? "ended " + r->status + (r->error.empty() ? "" : ": " + r->error)
                              : "could not start: " + r.error().message;
    log->warn("job '{}' (job {}): the catalog backup after it {}", d.name, report.job_id, why);
    report.warnings.push_back("the catalog backup after this job " + why +
                              "; run tapeloom-cli catalog backup");
}

// A job that never reached the backup engine still gets a row in the history.
job::JobReport record_failure(Engine& engine, const JobDefinition& d, const std::string& level,
                              long long started, const std::string& reason,
                              const std::string& status = "failed") {
    job::JobReport r;
    r.status = status;
    r.error = reason;
    r.started = started;
    r.ended = to_unix_seconds(engine.clock().wall());
    auto& db = engine_catalog(engine);
    auto id = catalog::insert_ended_backup(
        db, {d.name, level, d.pool, status, static_cast<std::int64_t>(getpid()), r.started, r.ended,
             job::to_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)});
    if (id) {
        r.job_id = id.value();
        if (auto st = catalog::set_job_report(
                db, r.job_id,
                job::to_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
            !st)
            log::get("schedule")
                ->error("cannot store the report of job {} ('{}'): {}", r.job_id, d.name,
                        st.error().message);
    } else {
        log::get("schedule")
            ->error("cannot record the failure of '{}' in the history: {}", d.name,
                    id.error().message);
    }
    return r;
}

std::string tail_line(const std::string& output) {
    std::string s = output;
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
        s.pop_back();
    const auto nl = s.rfind('\n');
    return nl == std::string::npos ? s : s.substr(nl + 1);
}
} // namespace

job::JobReport run_definition(Engine& engine, const JobDefinition& d, const std::string& level,
                              std::atomic<bool>* cancel, bool wait_for_volume) {
    auto log = log::get("schedule");
    const long long started = to_unix_seconds(engine.clock().wall());
    const std::vector<std::pair<std::string, std::string>> base_env = {
        {"TAPELOOM_JOB_NAME", d.name}, {"TAPELOOM_LEVEL", level}, {"TAPELOOM_HOME", engine.home()}};
    job::JobReport report;
    bool pre_ok = false;
    if (!d.pre_command.empty()) {
        auto pre = run_shell(d.pre_command, "", base_env);
        if (!pre)
            report = record_failure(engine, d, level, started,
                                    "pre-command could not start: " + pre.error().message);
        else if (pre->exit_code != 0)
            report =
                record_failure(engine, d, level, started,
                               "pre-command '" + d.pre_command + "' exited with " +
                                   std::to_string(pre->exit_code) + ": " + tail_line(pre->output));
        else
            pre_ok = true;
    } else {
        pre_ok = true;
    }
    if (pre_ok && cancel && *cancel) { // cancelled while the pre-command ran
        report = record_failure(engine, d, level, started, "cancelled before the backup started",
                                "cancelled");
    } else if (pre_ok) {
        auto o = backup_options(d, level);
        o.wait_for_volume = wait_for_volume;
        auto r = job::run_backup(engine, o, {}, cancel);
        report = r ? r.value() : record_failure(engine, d, level, started, r.error().message);
        follow_with_catalog_backup(engine, d, report);
    }
    auto env = base_env;
    env.emplace_back("TAPELOOM_JOB_ID", std::to_string(report.job_id));
    env.emplace_back("TAPELOOM_STATUS", report.status);
    if (!d.post_command.empty() && pre_ok) { // the pre-command succeeded (or there is none)
        auto post = run_shell(d.post_command, "", env);
        if (!post || post->exit_code != 0) {
            const std::string why = !post ? post.error().message
                                          : "exited with " + std::to_string(post->exit_code) +
                                                ": " + tail_line(post->output);
            log->warn("job '{}' (job {}): post-command '{}' {}", d.name, report.job_id,
                      d.post_command, why);
            report.warnings.push_back("post-command '" + d.post_command + "' " + why);
        }
    }
    if (report.status == "failed")
        log->error("job '{}' ({} backup, job {}) failed: {}", d.name, level, report.job_id,
                   report.error);
    else
        log->info("job '{}' ({} backup, job {}) ended: {}", d.name, level, report.job_id,
                  report.status);
    if (!d.notify_command.empty()) {
        auto n = run_shell(
            d.notify_command,
            job::to_json(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
                "\n",
            env);
        if (!n || n->exit_code != 0)
            log->warn("job '{}' (job {}): notification command '{}' {}", d.name, report.job_id,
                      d.notify_command,
                      !n ? n.error().message
                         : "exited with " + std::to_string(n->exit_code) + ": " +
                               tail_line(n->output));
    }
    return report;
}

} // namespace tl::schedule
