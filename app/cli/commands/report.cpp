// `report --job ID`: a finished job's report with its recorded series (per-drive rates, per-CPU
// utilization); --csv writes the series, --png has the console (`tapeloom`, offscreen) draw the
// graphs from the report it is handed — the CLI itself stays free of Qt.
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "api/catalog_ops.h"
#include "catalog/job_store.h"
#include "catalog/series_store.h"
#include "commands/commands.h"
#include "common/units.h"
#include "job/job_report.h"
#include "number_option.h"

namespace tl::cli {

namespace {

std::string sibling_console() {
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return "tapeloom";
    std::string self(buf, static_cast<std::size_t>(n));
    return self.substr(0, self.rfind('/') + 1) + "tapeloom";
}

} // namespace

// Runs the console offscreen to draw the job's graphs from a file of its report and series
// (the shape of GET /v1/jobs/{id}/report), so the console needs no service and no catalog: the
// same for a report read here, through the service or from a remote one.
Status render_png(const nlohmann::json& report, const metrics::SeriesSet& series, long long job,
                  const std::string& file) {
    const std::string console = sibling_console();
    if (access(console.c_str(), X_OK) != 0)
        return make_error(ErrorKind::Unsupported,
                          "--png needs the console program " + console +
                              " (built with the GUI); use --csv and plot it, or install it");
    nlohmann::json named = nlohmann::json::array();
    for (const auto& s : series.series)
        named.push_back({{"name", s.name}, {"unit", s.unit}, {"values", s.values}});
    const std::string doc =
        nlohmann::json{{"report", report}, {"time", series.times}, {"series", named}}.dump();
    char tmp[] = "/tmp/tapeloom-report-XXXXXX";
    const int fd = mkstemp(tmp);
    if (fd < 0 || write(fd, doc.data(), doc.size()) != static_cast<ssize_t>(doc.size())) {
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return make_error(ErrorKind::Io, "cannot write the report of job " + std::to_string(job) +
                                             " for the console in /tmp; check free space");
    }
    close(fd);
    const pid_t pid = fork();
    if (pid < 0) {
        unlink(tmp);
        return make_error(ErrorKind::Io, "cannot start " + console);
    }
    if (pid == 0) {
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
        const std::string id = std::to_string(job);
        execl(console.c_str(), console.c_str(), "--export-report", id.c_str(), "--report-file", tmp,
              "--png", file.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    unlink(tmp);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return make_error(ErrorKind::Io, "the console could not draw job " + std::to_string(job) +
                                             " to " + file + " (exit " +
                                             std::to_string(WEXITSTATUS(status)) + ")");
    return {};
}

namespace {

std::string series_summary(const metrics::SeriesSet& s) {
    std::ostringstream o;
    if (s.times.empty()) return "Series: none recorded for this job\n";
    o << "Series: " << s.times.size() << " samples over " << std::fixed << std::setprecision(1)
      << s.times.back() << " s\n";
    for (const auto& x : s.series) {
        if (x.values.empty()) continue;
        double sum = 0, peak = 0;
        for (double v : x.values) {
            sum += v;
            peak = std::max(peak, v);
        }
        const double mean = sum / static_cast<double>(x.values.size());
        o << "  " << std::left << std::setw(18) << x.name;
        if (x.unit == "B/s")
            o << "mean " << std::setw(14) << format_rate(mean) << "peak " << format_rate(peak);
        else if (x.unit == "%")
            o << "mean " << std::setw(14) << (std::to_string(static_cast<int>(mean + 0.5)) + " %")
              << "peak " << static_cast<int>(peak + 0.5) << " %";
        else
            o << "mean " << std::setw(14) << format_bytes(static_cast<std::uint64_t>(mean))
              << "peak " << format_bytes(static_cast<std::uint64_t>(peak));
        o << "\n";
    }
    return o.str();
}

int report(Context& ctx) {
    auto id = report_job_id(ctx.args());
    if (!id) return ctx.fail(id.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    CatalogHandle db(*engine.value());
    auto stored = catalog::stored_report(db, id.value());
    if (!stored) return ctx.fail(stored.error());
    if (!stored.value())
        return ctx.fail(make_error(ErrorKind::NotFound, "job " + ctx.args().get("job") +
                                                            " does not exist; see tapeloom-cli "
                                                            "jobs list"));
    auto j = nlohmann::json::parse(stored.value()->json.value_or(""), nullptr, false);
    if (j.is_discarded()) j = nlohmann::json::object();
    auto series = catalog::load_series(db, id.value());
    if (!series) return ctx.fail(series.error());
    return print_job_report(ctx, j, series.value());
}

} // namespace

Result<long long> report_job_id(const Args& a) {
    const std::string id_text = a.get("job");
    if (id_text.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "report needs --job ID; see tapeloom-cli jobs list");
    auto job_id = parse_id("--job", id_text);
    if (!job_id) return job_id.error();
    return static_cast<long long>(job_id.value());
}

int print_job_report(Context& ctx, const nlohmann::json& report, const metrics::SeriesSet& series) {
    if (ctx.args().has("csv")) {
        const std::string file = ctx.args().get("csv");
        std::ofstream out(file, std::ios::trunc);
        out << metrics::to_csv(series);
        if (!out)
            return ctx.fail(make_error(ErrorKind::Io, "cannot write " + file +
                                                          "; check the directory and free space"));
    }
    if (ctx.args().has("png")) {
        auto id = report_job_id(ctx.args());
        if (!id) return ctx.fail(id.error());
        if (auto st = render_png(report, series, id.value(), ctx.args().get("png")); !st)
            return ctx.fail(st.error());
    }
    if (ctx.json()) {
        nlohmann::json s = nlohmann::json::object();
        s["time"] = series.times;
        for (const auto& x : series.series)
            s[x.name] = {{"unit", x.unit}, {"values", x.values}};
        ctx.print_json({{"report", report}, {"series", s}});
        return 0;
    }
    ctx.out() << job::format_report(job::report_from_json(report)) << series_summary(series);
    if (ctx.args().has("csv")) ctx.out() << "CSV written to " << ctx.args().get("csv") << "\n";
    if (ctx.args().has("png")) ctx.out() << "PNG written to " << ctx.args().get("png") << "\n";
    return 0;
}

void add_report_commands(Registry& r) {
    r.push_back({{"report"},
                 "--job ID [--csv FILE] [--png FILE]",
                 "a job's report with its per-drive and per-CPU series (CSV; PNG drawn by the "
                 "console)",
                 {"job", "csv", "png"},
                 {},
                 report});
    reads_only(r);
}

} // namespace tl::cli
