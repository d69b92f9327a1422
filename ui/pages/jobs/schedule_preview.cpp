#include "pages/jobs/schedule_preview.h"

#include <algorithm>
#include <string>

namespace tl::ui {

namespace {
// The text of the clause starting at `column` (1-based), up to its ';'.
std::string clause_text(const std::string& rule, int column) {
    const auto start = static_cast<std::size_t>(std::max(1, column) - 1);
    const auto end = rule.find(';', start);
    return rule.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The first run of `clause` after `now` at which the whole rule runs that clause's level (an
// earlier clause firing at the same instant wins, docs/schedules.md).
std::optional<schedule::Occurrence> next_of_clause(const schedule::ScheduleRule& rule,
                                                   const schedule::Clause& clause, long long now) {
    auto alone = schedule::ScheduleRule::parse(clause_text(rule.text(), clause.column));
    if (!alone) return std::nullopt;
    auto o = alone->next_after(now);
    for (int i = 0; o && i < 400; ++i, o = alone->next_after(o->time)) {
        auto actual = rule.next_after(o->time - 1);
        if (actual && actual->time == o->time && actual->level == clause.level) return actual;
    }
    return std::nullopt;
}
} // namespace

SchedulePreview previewSchedule(const schedule::ScheduleRule& rule, long long now, int count) {
    SchedulePreview p;
    auto o = rule.next_after(now);
    for (int i = 0; o && i < count; ++i, o = rule.next_after(o->time))
        p.runs.push_back(*o);
    auto shown = [&p](const std::string& level) {
        auto has = [&level](const schedule::Occurrence& r) { return r.level == level; };
        return std::any_of(p.runs.begin(), p.runs.end(), has) ||
               std::any_of(p.later.begin(), p.later.end(), has);
    };
    for (const auto& clause : rule.clauses()) {
        if (shown(clause.level)) continue;
        std::optional<schedule::Occurrence> best;
        for (const auto& c : rule.clauses())
            if (c.level == clause.level)
                if (auto n = next_of_clause(rule, c, now); n && (!best || n->time < best->time))
                    best = n;
        if (best) p.later.push_back(*best);
    }
    std::sort(p.later.begin(), p.later.end(),
              [](const auto& a, const auto& b) { return a.time < b.time; });
    return p;
}

} // namespace tl::ui
