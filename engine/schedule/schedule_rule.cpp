// ScheduleRule evaluation: the next occurrence after an instant, in local time.
#include "schedule/schedule_rule.h"

namespace tl::schedule {

namespace {
constexpr long long kHorizonDays = 8 * 366 + 2; // covers the leap-year cycle (Feb 29)

// The first occurrence of clause `c` strictly after `after`, or nullopt within the horizon.
std::optional<long long> clause_next(const Clause& c, long long after) {
    if (c.kind == Clause::Kind::Once) {
        const long long t = resolve_local(c.once_date, c.once_time);
        return t > after ? std::optional<long long>(t) : std::nullopt;
    }
    Date start;
    WallTime ignored;
    local_fields(after, start, ignored);
    const long long first = days_from_civil(start) - 1; // a gap can move a time past midnight
    for (long long z = first; z < first + kHorizonDays; ++z) {
        const Date d = civil_from_days(z);
        if (!c.day_matches(d)) continue;
        for (const auto& t : c.times) {
            const long long at = resolve_local(d, t);
            if (at > after) return at;
        }
    }
    return std::nullopt;
}
} // namespace

bool Clause::day_matches(Date d) const {
    if (!months[static_cast<std::size_t>(d.month)]) return false;
    const int wd = weekday(d);
    if (kind == Kind::Cron) {
        const bool dom = monthdays[static_cast<std::size_t>(d.day)];
        const bool dow = weekdays[static_cast<std::size_t>(wd)];
        if (cron_dom_any && cron_dow_any) return true;
        if (cron_dom_any) return dow;
        if (cron_dow_any) return dom;
        return dom || dow; // cron: both restricted, either one
    }
    if (any_day || weekdays[static_cast<std::size_t>(wd)] ||
        monthdays[static_cast<std::size_t>(d.day)])
        return true;
    const int dim = days_in_month(d.year, d.month);
    if (last_monthday && d.day == dim) return true;
    for (const auto& [nwd, n] : nth) {
        if (nwd != wd) continue;
        if (n == -1 ? d.day + 7 > dim : (d.day - 1) / 7 + 1 == n) return true;
    }
    return false;
}

std::optional<Occurrence> ScheduleRule::next_after(long long after) const {
    std::optional<Occurrence> best;
    for (const auto& c : clauses_) { // ties: the first clause listed wins
        auto t = clause_next(c, after);
        if (t && (!best || *t < best->time)) best = Occurrence{*t, c.level};
    }
    return best;
}

Status ScheduleRule::check_fires(long long now) const {
    for (std::size_t i = 0; i < clauses_.size(); ++i) {
        if (clause_next(clauses_[i], now)) continue;
        const auto& c = clauses_[i];
        return make_error(ErrorKind::InvalidArgument,
                          "schedule '" + text_ + "': column " + std::to_string(c.column) +
                              ": clause " + std::to_string(i + 1) +
                              (c.kind == Clause::Kind::Once
                                   ? " is in the past; give a future date and time"
                                   : " never fires (no such day in the months given, e.g. "
                                     "30 in feb); fix the days or months"));
    }
    return {};
}

} // namespace tl::schedule
