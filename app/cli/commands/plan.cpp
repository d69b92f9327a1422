// tapeloom-cli plan: what-if of a multiplexed backup from the tape-notes §4.3 buffer model
// (engine/bench/planner.h), before any tape moves. Rates and the buffer are decimal, as drive
// datasheets rate them (11M = 11 MB/s).
#include <cstdlib>
#include <optional>
#include <ostream>

#include "bench/planner.h"
#include "commands/commands.h"
#include "common/units.h"
#include "decimal_option.h"
#include "device/drive_type.h"

namespace tl::cli {

namespace {

Result<std::size_t> whole_option(const Args& a, const char* name,
                                 std::optional<std::size_t> fallback) {
    if (!a.has(name)) {
        if (fallback) return *fallback;
        return make_error(ErrorKind::InvalidArgument, std::string("plan needs --") + name);
    }
    const std::string v = a.get(name);
    char* end = nullptr;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end || n < 1)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("--") + name + " takes a whole number >= 1, not '" + v + "'");
    return static_cast<std::size_t>(n);
}

int plan(Context& ctx) {
    const auto& a = ctx.args();
    std::optional<device::DriveType> type;
    if (a.has("model")) {
        auto t = device::find_drive_type(a.get("model"));
        if (!t) return ctx.fail(t.error());
        type = t.value();
    }
    auto src = decimal_option(a, "source-rate", std::nullopt);
    auto sessions = whole_option(a, "sessions", std::nullopt);
    auto drv = decimal_option(a, "drive-rate",
                              type ? std::optional<double>(type->native_rate) : std::nullopt);
    auto drives = whole_option(a, "drives", std::nullopt);
    auto k = whole_option(a, "sessions-per-drive", std::size_t{0});
    auto buffer = decimal_option(a, "buffer", type ? type->buffer : 64e6);
    Result<double> rep = a.has("reposition") ? parse_seconds(a.get("reposition"))
                                             : Result<double>(type ? type->reposition_s : 3.0);
    for (const Error* e : {src ? nullptr : &src.error(), sessions ? nullptr : &sessions.error(),
                           drv ? nullptr : &drv.error(), drives ? nullptr : &drives.error(),
                           k ? nullptr : &k.error(), buffer ? nullptr : &buffer.error(),
                           rep ? nullptr : &rep.error()})
        if (e) return ctx.fail(*e);
    bench::PlanInput in;
    in.source_rate = src.value();
    in.sessions = sessions.value();
    in.drive_rate = drv.value();
    in.drives = drives.value();
    in.sessions_per_drive = k.value();
    in.buffer = buffer.value();
    in.reposition_s = rep.value();
    if (type) {
        in.lowest_step = type->speed_steps.front();
        in.drive_model = type->name;
    }
    auto p = bench::make_plan(in);
    if (!p) return ctx.fail(p.error());
    if (ctx.json())
        ctx.print_json(bench::to_json(p.value()));
    else
        ctx.out() << bench::format_plan(p.value());
    return 0;
}

} // namespace

void add_plan_commands(Registry& r) {
    r.push_back({{"plan"},
                 "--source-rate R --sessions N (--drive-rate R | --model lto8|lto9) --drives N "
                 "[--sessions-per-drive K] [--buffer 64M] [--reposition 3s]",
                 "predict sustained rate, backhitches and restore penalty of a multiplexed "
                 "backup (tape-notes 4.3 model; decimal MB; --model: the type's speed matching)",
                 {"source-rate", "sessions", "drive-rate", "drives", "sessions-per-drive", "buffer",
                  "reposition", "model"},
                 {},
                 plan});
}

} // namespace tl::cli
