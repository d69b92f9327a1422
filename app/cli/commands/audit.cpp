// tapeloom-cli audit [--since WHEN] [--limit N] [--json]: the service's audit log (docs/api.md
// "Audit log"), every write through its API with who, what, when and the answer's status. A
// client of the service alone (GET /v1/audit, admin): it starts the service when none runs,
// and with --connect reads a remote one with an admin token.
#include <cstdlib>
#include <ctime>

#include "client/service_client.h"
#include "commands/commands.h"
#include "common/units.h"
#include "exit_codes.h"
#include "number_option.h"

namespace tl::cli {

namespace {
// "1700000000" (unix seconds), "2026-11-30", "2026-11-30 14:05[:09]" (local time), or a time
// ago: "30m", "24h", "7d".
Result<long long> parse_since(const std::string& s, long long now) {
    if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos)
        return std::atoll(s.c_str());
    if (s.size() > 1 && s.back() == 'd' && s.find_first_not_of("0123456789") == s.size() - 1)
        return now - std::atoll(s.c_str()) * 86400;
    if (auto ago = parse_seconds(s); ago && s.find('-') == std::string::npos)
        return now - static_cast<long long>(ago.value());
    for (const char* fmt : {"%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M",
                            "%Y-%m-%d %H:%M", "%Y-%m-%d"}) {
        std::tm tm{};
        const char* end = strptime(s.c_str(), fmt, &tm);
        if (end && *end == '\0') {
            tm.tm_isdst = -1;
            return static_cast<long long>(std::mktime(&tm));
        }
    }
    return make_error(ErrorKind::InvalidArgument,
                      "--since '" + s +
                          "' is no time; use e.g. 24h, 7d, 2026-11-30, '2026-11-30 14:05' or "
                          "unix seconds");
}

void print_entry(Context& ctx, const nlohmann::json& e) {
    char when[32] = "";
    const std::time_t at = e.value("at", 0LL);
    std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", std::localtime(&at));
    ctx.out() << when << "  " << e.value("who", "") << "  " << e.value("method", "") << " "
              << e.value("route", "") << "  " << e.value("status", 0);
    const auto& detail = e.at("detail");
    if (!(detail.is_string() && detail.get<std::string>().empty()))
        ctx.out() << "  " << (detail.is_string() ? detail.get<std::string>() : detail.dump());
    ctx.out() << "\n";
}

int audit(Context& ctx) {
    long long since = 0;
    if (ctx.args().has("since")) {
        auto s = parse_since(ctx.args().get("since"), static_cast<long long>(std::time(nullptr)));
        if (!s) return ctx.fail(s.error());
        since = s.value();
    }
    auto limit = count_option(ctx.args(), "limit", 1, 10000, 1000);
    if (!limit) return ctx.fail(limit.error());
    auto c = connect_or_start(ctx);
    if (!c) return ctx.fail(c.error());
    auto log = c.value()->audit(since, limit.value());
    if (!log) return ctx.fail(log.error());
    const auto& entries = log->at("entries");
    if (ctx.json()) {
        ctx.print_json(entries);
        return kOk;
    }
    for (const auto& e : entries)
        print_entry(ctx, e);
    if (entries.empty()) ctx.out() << "(no writes recorded in that time)\n";
    return kOk;
}
} // namespace

void add_audit_commands(Registry& r) {
    r.push_back({{"audit"},
                 "[--since 24h|7d|YYYY-MM-DD[ HH:MM]|UNIX] [--limit N]",
                 "the service's audit log: every write through its API with who, what, when "
                 "and the status answered (the newest N, default 1000)",
                 {"since", "limit"},
                 {"no-autostart"},
                 audit});
}

} // namespace tl::cli
