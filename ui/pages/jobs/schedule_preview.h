#pragma once
// What the Schedules tab shows for a rule: its next runs, and the next run of every level the
// rule names that is not among them (a weekly or monthly full is often weeks away behind
// nightly incrementals; issue 18, item 16). Pure computation over ScheduleRule.
#include <vector>

#include "schedule/schedule_rule.h"

namespace tl::ui {

struct SchedulePreview {
    std::vector<schedule::Occurrence> runs;  // the next `count` runs after `now`, in order
    std::vector<schedule::Occurrence> later; // first run of each level missing from runs
};

SchedulePreview previewSchedule(const schedule::ScheduleRule& rule, long long now, int count);

} // namespace tl::ui
