// tapeloom-cli demo: what README command 1 runs when there is no display. On the embedded
// default library it backs up a generated sample, verifies it and says where to look next.
#include <ostream>

#include "bench/data_gen.h"
#include "commands/commands.h"
#include "common/home.h"
#include "common/units.h"
#include "exit_codes.h"
#include "job/backup_job.h"
#include "job/restore_job.h"
#include "job/verify_job.h"

namespace tl::cli {

namespace {

nlohmann::json verify_json(const job::VerifyReport& v) {
    return {{"job_id", v.job_id},
            {"verify_job_id", v.verify_job_id},
            {"status", v.status},
            {"files_ok", v.files_ok},
            {"files_failed", v.files_failed},
            {"bytes_read", v.stats.bytes_read},
            {"elapsed_s", v.elapsed}};
}

int demo(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    Engine& e = *engine.value();
    auto s = e.status();
    if (!s) return ctx.fail(s.error());
    auto& out = ctx.out();
    const bool text = !ctx.json();
    if (text)
        out << "Tapeloom headless demo\n"
            << "  data directory : " << s->home << "\n"
            << "  catalog        : " << s->catalog_path << "\n"
            << "  libraries      : " << s->libraries << ", drives: " << s->drives << "\n\n";

    // The sample stays between runs (made once), so a second demo appends the same data.
    const std::string data_dir = e.home() + "/demo-data";
    auto data = bench::ensure_demo_data(data_dir);
    if (!data) return ctx.fail(data.error());
    if (text)
        out << "Sample data: " << data->files << " files, " << format_bytes(data->bytes) << " in "
            << data->sources.size() << " sources under " << data_dir << "\n"
            << "Backing up to the default library: 2 drives x 4 sessions...\n\n"
            << std::flush;

    job::BackupOptions o;
    o.sources = data->sources;
    o.drives = 2;
    o.sessions_per_drive = 4;
    o.name = "demo";
    auto r = job::run_backup(e, o);
    if (!r) return ctx.fail(r.error());
    if (text) out << job::format_report(r.value()) << "\n";
    if (r->status == "failed" || r->status == "cancelled") {
        if (ctx.json()) ctx.print_json({{"backup", job::to_json(r.value())}});
        ctx.err() << "tapeloom-cli: error: demo backup " << r->status << ": " << r->error
                  << "; see tapeloom-cli jobs show " << r->job_id << "\n";
        return exit_code_for_job_status(r->status);
    }

    job::VerifyOptions verify;
    verify.job_id = r->job_id;
    auto v = job::run_verify(e, verify);
    if (!v) return ctx.fail(v.error()); // the backup's report is stored: jobs show ID

    // And back: the whole job restored into a fresh folder of the data directory.
    job::RestoreOptions ro;
    ro.what.job_id = r->job_id;
    ro.to = e.home() + "/demo-restore/job-" + std::to_string(r->job_id);
    auto rr = job::run_restore(e, ro);
    if (!rr) return ctx.fail(rr.error());
    if (ctx.json()) {
        ctx.print_json(
            {{"home", s->home},
             {"data", {{"dir", data_dir}, {"files", data->files}, {"bytes", data->bytes}}},
             {"backup", job::to_json(r.value())},
             {"verify", verify_json(v.value())},
             {"restore",
              {{"job_id", rr->report.job_id},
               {"status", rr->report.status},
               {"to", ro.to},
               {"restored", rr->restored},
               {"failed", rr->failed},
               {"rate_Bps", rr->report.wall_rate}}}});
    } else {
        // The commands to type next, with --home when this is not the default data directory.
        const std::string cli =
            std::string("tapeloom-cli") + (s->home == resolve_home("") ? "" : " --home " + s->home);
        out << "Verify of job " << v->job_id << ": " << v->status << " (" << v->files_ok
            << " files ok, " << v->files_failed << " failed, " << format_bytes(v->stats.bytes_read)
            << " read back)\n"
            << "Restore of job " << r->job_id << " into " << ro.to << ": " << rr->report.status
            << " (" << rr->restored << " restored, " << rr->failed << " failed, "
            << format_rate(rr->report.wall_rate) << ")\n\n"
            << "Next:\n"
            << "  " << cli << " jobs list       the job history\n"
            << "  " << cli << " jobs show " << r->job_id << "     this job's report\n"
            << "  " << cli << " volume list     the tapes written\n"
            << "  " << cli << " volume ls "
            << (r->volumes.empty() ? std::string("TLO001L9") : r->volumes.front())
            << "   a tape's contents, read from the tape alone\n"
            << "  " << cli << " restore --job " << r->job_id
            << " --to DIR --path 'GLOB'   restore some files\n";
    }
    if (v->status != "completed") return v->status == "partial" ? kPartial : kFailure;
    if (rr->report.status != "completed") return exit_code_for_job_status(rr->report.status);
    return exit_code_for_job_status(r->status);
}

} // namespace

void add_demo_commands(Registry& r) {
    r.push_back({{"demo"},
                 "",
                 "back up a generated sample (~40 MiB, 8 sources) to the embedded default "
                 "library over 2 drives x 4 sessions, verify it, restore it, print the reports",
                 {},
                 {},
                 demo});
}

} // namespace tl::cli
