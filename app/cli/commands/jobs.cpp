#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string_view>
#include <utility>

#include "api/catalog_ops.h"
#include "api/media_ops.h"
#include "catalog/job_store.h"
#include "client/jobs.h"
#include "commands/commands.h"
#include "common/units.h"
#include "job/backup_level.h"
#include "job/clone_job.h"
#include "job/job_report.h"
#include "number_option.h"
#include "shapes/job_json.h"

namespace tl::cli {

namespace {
const char* const kJobStatuses[] = {"running", "waiting", "completed", "warnings",
                                    "partial", "failed",  "cancelled"};
// "2026-12-02 05:38:51" in local time, "-" for none.
std::string local_time_text(long long t) {
    if (t <= 0) return "-";
    std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    localtime_r(&tt, &tm);
    char buf[32];
    const std::size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    return std::string(buf, n);
}

// `text` left-aligned in a column of `width` (never cut: a longer text pushes the next column),
// as std::setw lays it out.
void cell(std::string& line, std::string_view text, std::size_t width) {
    line += text;
    if (text.size() < width) line.append(width - text.size(), ' ');
}

// "0:02:09": how long a job ran (an ended job) or has run so far (a running or waiting one, as
// of `now`); "-" without a start.
std::string duration(const catalog::JobRecord& j, long long now) {
    if (j.started <= 0) return "-";
    const long long s = std::max(0LL, (j.ended > 0 ? j.ended : now) - j.started);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
    return buf;
}

// The history as `jobs list` prints it. Built straight from the rows: the service answers a
// history of thousands of jobs in a few milliseconds (docs/benchmarks.md, issue 16).
std::string job_table(const std::vector<catalog::JobRecord>& jobs, long long now) {
    std::string text;
    text.reserve(64 + jobs.size() * 128);
    std::size_t name_width = 6;
    for (const auto& j : jobs)
        name_width = std::max(name_width, std::min<std::size_t>(j.name.size() + 2, 34));
    const std::pair<const char*, std::size_t> heads[] = {
        {"ID", 6},      {"KIND", 9},     {"NAME", name_width}, {"LEVEL", 7},
        {"STATUS", 11}, {"STARTED", 21}, {"DURATION", 10},     {"FILES", 10}};
    for (const auto& [head, width] : heads)
        cell(text, head, width);
    text += "BYTES\n";
    for (const auto& j : jobs) {
        cell(text, std::to_string(j.id), 6);
        cell(text, j.kind, 9);
        cell(text, j.name.empty() ? std::string_view("-") : std::string_view(j.name), name_width);
        cell(text, j.kind == "backup" ? std::string_view(j.level) : std::string_view("-"), 7);
        cell(text, j.status, 11);
        cell(text, local_time_text(j.started), 21);
        cell(text, duration(j, now), 10);
        cell(text, std::to_string(j.files), 10);
        text += format_bytes(static_cast<std::uint64_t>(j.bytes));
        if (!j.waiting_for.empty()) text += "  " + j.waiting_for;
        text += '\n';
    }
    if (jobs.empty()) text += "(no jobs yet; run tapeloom-cli backup --source PATH)\n";
    return text;
}

int jobs_list(Context& ctx) {
    if (ctx.args().has("status"))
        if (auto st = check_job_status(ctx.args().get("status")); !st) return ctx.fail(st.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    catalog::JobQuery query;
    query.status = ctx.args().get("status");
    auto jobs = catalog::list_jobs(*engine.value(), query);
    if (!jobs) return ctx.fail(jobs.error());
    print_job_rows(ctx, jobs.value(), to_unix_seconds(engine.value()->clock().wall()));
    return 0;
}

int jobs_show(Context& ctx) {
    if (ctx.args().words().empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "jobs show needs a job ID; see tapeloom-cli jobs list"));
    const std::string id = ctx.args().words().front();
    auto job_id = parse_id("a job ID", id);
    if (!job_id) return ctx.fail(job_id.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto stored = catalog::stored_report(*engine.value(), job_id.value());
    if (!stored) return ctx.fail(stored.error());
    if (!stored.value())
        return ctx.fail(make_error(ErrorKind::NotFound,
                                   "job " + id + " does not exist; see tapeloom-cli jobs list"));
    nlohmann::json document;
    if (!stored.value()->json) {
        document = shapes::job_without_report_json(job_id.value(), stored.value()->status,
                                                   stored.value()->waiting_for);
    } else {
        auto j = nlohmann::json::parse(*stored.value()->json, nullptr, false);
        if (j.is_discarded())
            return ctx.fail(
                make_error(ErrorKind::Corrupt, "job " + id + ": its stored report is not JSON"));
        // Copies made by `clone` (docs/media.md "Cloning").
        auto copies = media::list_copies(*engine.value(), job_id.value());
        if (!copies) return ctx.fail(copies.error());
        document = shapes::job_report_json(std::move(j), copies.value());
    }
    auto job = client::job_from_json(document);
    if (!job) return ctx.fail(job.error());
    print_job(ctx, job.value());
    return 0;
}
} // namespace

Status check_job_status(const std::string& status) {
    std::string list;
    for (const char* s : kJobStatuses) {
        if (status == s) return {};
        list += (list.empty() ? "" : ", ") + std::string(s);
    }
    return make_error(ErrorKind::InvalidArgument,
                      "--status '" + status + "' is not a job status; use one of " + list);
}

void print_job_rows(Context& ctx, const std::vector<catalog::JobRecord>& jobs, long long now) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& j : jobs)
            arr.push_back(shapes::job_row_json(j));
        ctx.print_json(arr);
        return;
    }
    ctx.out() << job_table(jobs, now);
}

void print_job(Context& ctx, const client::Job& job) {
    const auto& doc = job.document;
    if (ctx.json()) return ctx.print_json(doc);
    if (!job.report) {
        // A job waiting for a drive or volume another job holds says which (docs/cli.md).
        ctx.out() << "Job " << job.id << ": " << job.status
                  << (job.waiting_for.empty() ? " (no report yet)" : ", " + job.waiting_for)
                  << "\n";
        return;
    }
    ctx.out() << job::format_report(*job.report) << job::format_level_fields(doc);
    if (!doc.contains("copies")) return;
    for (const auto& c : doc["copies"]) {
        ctx.out() << "  copy of save set " << c.value("saveset", std::int64_t{0}) << " ("
                  << c.value("source", std::string()) << ") in pool "
                  << c.value("pool", std::string()) << " on";
        for (const auto& v : c.value("volumes", nlohmann::json::array()))
            ctx.out() << " " << v.get<std::string>();
        ctx.out() << "\n";
    }
}

void add_jobs_commands(Registry& r) {
    r.push_back({{"jobs", "list"}, "[--status S]", "the job history", {"status"}, {}, jobs_list});
    reads_only(r);
    r.push_back({{"jobs", "show"}, "ID", "a job's report", {}, {}, jobs_show});
    reads_only(r);
}

} // namespace tl::cli
