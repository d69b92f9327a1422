#include <atomic>
#include <csignal>
#include <iostream>

#include "api/catalog_ops.h"
#include "catalog/job_store.h"
#include "commands/commands.h"
#include "common/units.h"
#include "exit_codes.h"
#include "job/backup_job.h"
#include "job/backup_level.h"
#include "number_option.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_cancel{false}; // set by SIGINT/SIGTERM: the job stops cleanly

int exit_for_status(const std::string& status) {
    if (status == "completed") return kOk;
    if (status == "warnings") return kWarnings;
    if (status == "partial") return kPartial;
    if (status == "cancelled") return kCancelled;
    return kFailure;
}

nlohmann::json report_json(const CatalogHandle& db, std::int64_t job_id) {
    auto stored = catalog::stored_report(db, job_id);
    if (!stored || !stored.value() || !stored.value()->json) return {};
    auto j = nlohmann::json::parse(*stored.value()->json, nullptr, false);
    return j.is_discarded() ? nlohmann::json{} : j;
}

// --encryption, --key, --encrypt-names (unset: as the pool).
Status encryption_options(const Args& a, job::EncryptionChoice& c) {
    c.encryption = a.get("encryption");
    c.key = a.get("key");
    if (a.has("encrypt-names")) {
        const std::string v = a.get("encrypt-names");
        if (v != "yes" && v != "no")
            return make_error(ErrorKind::InvalidArgument,
                              "--encrypt-names expects yes or no, not '" + v + "'");
        c.encrypt_names = v == "yes";
    }
    if (!c.key.empty() && c.encryption == "none")
        return make_error(ErrorKind::InvalidArgument, "--key needs --encryption aes-256-gcm");
    return {};
}

int backup(Context& ctx) {
    const auto& a = ctx.args();
    job::BackupOptions o;
    o.sources = a.all("source");
    for (const auto& w : a.words())
        o.sources.push_back(w);
    o.pool = a.get("pool", o.pool);
    o.library = a.get("library");
    o.name = a.get("name");
    o.client = a.get("client");
    o.level = a.get("level", o.level);
    o.compare_hash = a.has("compare-hash");
    if (auto lv = job::parse_backup_level(o.level); !lv) return ctx.fail(lv.error());
    if (o.compare_hash && o.level == "full")
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--compare-hash applies to --level diff or incr"));
    o.compression = a.get("compression", o.compression);
    if (auto st = encryption_options(a, o.encryption); !st) return ctx.fail(st.error());
    o.walk.include = a.all("include");
    o.walk.exclude = a.all("exclude");
    o.walk.one_file_system = a.has("one-file-system");
    auto size_opt = [&](const char* name, std::size_t& out) -> Status {
        if (!a.has(name)) return {};
        auto v = parse_size(a.get(name));
        if (!v)
            return make_error(ErrorKind::InvalidArgument,
                              std::string("--") + name + ": " + v.error().message);
        out = static_cast<std::size_t>(v.value());
        return {};
    };
    // --drives 0 would mean "as many as useful", which is what leaving it out says.
    auto count_opt = [&](const char* name, std::int64_t max, std::size_t& out) -> Status {
        auto v = count_option(a, name, 1, max, static_cast<std::int64_t>(out));
        if (!v) return v.error();
        out = static_cast<std::size_t>(v.value());
        return {};
    };
    std::size_t checkpoint = static_cast<std::size_t>(o.checkpoint_bytes);
    for (auto st : {size_opt("block-size", o.block_size), size_opt("read-buffer", o.read_buffer),
                    size_opt("checkpoint", checkpoint), count_opt("drives", 1024, o.drives),
                    count_opt("sessions-per-drive", 32, o.sessions_per_drive)})
        if (!st) return ctx.fail(st.error());
    o.checkpoint_bytes = checkpoint;
    if (a.has("poll-interval")) {
        auto v = parse_seconds(a.get("poll-interval"));
        if (!v || v.value() <= 0)
            return ctx.fail(
                make_error(ErrorKind::InvalidArgument, "--poll-interval: use e.g. 1s or 500ms"));
        o.poll_interval = v.value();
    }
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    g_cancel = false;
    std::signal(SIGINT, [](int) { g_cancel = true; });
    std::signal(SIGTERM, [](int) { g_cancel = true; });
    const bool show_progress = !ctx.json() && a.has("progress");
    auto r = job::run_backup(
        *engine.value(), o,
        [&](const job::BackupProgress& p) {
            if (!show_progress) return;
            std::uint64_t tape = 0;
            for (auto b : p.drive_bytes)
                tape += b;
            ctx.err() << "\r" << static_cast<int>(p.elapsed) << " s: " << p.files << " files, "
                      << format_bytes(p.source_bytes) << " read, " << format_bytes(tape)
                      << " on tape   " << std::flush;
        },
        &g_cancel);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (show_progress) ctx.err() << "\n";
    if (!r) return ctx.fail(r.error());
    // The stored report carries the level fields too (docs/levels.md).
    const auto stored = report_json(*engine.value(), r->job_id);
    if (ctx.json()) {
        ctx.print_json(stored.is_object() ? stored : job::to_json(r.value()));
    } else {
        ctx.out() << job::format_report(r.value());
        ctx.out() << job::format_level_fields(stored);
    }
    if (stored.contains("level_promotion"))
        ctx.err() << "tapeloom-cli: warning: " << stored["level_promotion"].get<std::string>()
                  << "\n";
    if (r->status == "failed")
        ctx.err() << "tapeloom-cli: error: backup failed: " << r->error << "\n";
    return catalog_backup_after_job(ctx, *engine.value(), o.name, r->status,
                                    exit_for_status(r->status));
}
} // namespace

int exit_code_for_job_status(const std::string& status) {
    return exit_for_status(status);
}

void add_backup_commands(Registry& r) {
    r.push_back(
        {{"backup"},
         "--source PATH|raw:DEV|cmd:'CMD'|sqlite:DB ... [--pool NAME] [--library NAME] [--drives "
         "N] "
         "[--sessions-per-drive K] [--block-size 256K] [--read-buffer 2M] [--compression "
         "none|lz4|zstd[:L]|gzip[:L]] [--include GLOB] [--exclude GLOB] [--one-file-system] "
         "[--checkpoint 4G] [--poll-interval 1s] [--name NAME] [--level full|diff|incr] "
         "[--compare-hash] [--progress] [--encryption none|aes-256-gcm] [--key NAME] "
         "[--encrypt-names yes|no] [--client NAME]",
         "back up sources to the library, multiplexed over drives; prints the job report",
         {"source", "pool", "library", "drives", "sessions-per-drive", "block-size", "read-buffer",
          "compression", "include", "exclude", "checkpoint", "poll-interval", "name", "level",
          "encryption", "key", "encrypt-names", "client"},
         {"one-file-system", "progress", "compare-hash"},
         backup});
}

} // namespace tl::cli
