// ScheduleRule::parse: the compact schedule syntax (docs/schedules.md) and 5-field cron.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "schedule/schedule_rule.h"

namespace tl::schedule {

namespace {

struct Word {
    std::string text;
    int col = 1; // 1-based column in the whole rule
};

constexpr std::array<const char*, 7> kDays = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
constexpr std::array<const char*, 7> kLongDays = {"sunday",   "monday", "tuesday", "wednesday",
                                                  "thursday", "friday", "saturday"};
constexpr std::array<const char*, 12> kMonths = {"jan", "feb", "mar", "apr", "may", "jun",
                                                 "jul", "aug", "sep", "oct", "nov", "dec"};

std::string lower(std::string s) {
    for (auto& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

int weekday_index(const std::string& s) {
    for (int i = 0; i < 7; ++i)
        if (s == kDays[static_cast<std::size_t>(i)] || s == kLongDays[static_cast<std::size_t>(i)])
            return i;
    return -1;
}

int month_index(const std::string& s) {
    for (int i = 0; i < 12; ++i)
        if (s.rfind(kMonths[static_cast<std::size_t>(i)], 0) == 0 && s.size() >= 3) return i + 1;
    return -1;
}

// A whole non-negative number, or -1.
int number(const std::string& s) {
    if (s.empty() || s.size() > 4 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit((unsigned char)c); }))
        return -1;
    return std::stoi(s);
}

std::string normalize_level(const std::string& w) {
    if (w == "full") return "full";
    if (w == "diff" || w == "differential") return "diff";
    if (w == "incr" || w == "incremental") return "incr";
    return {};
}

class Parser {
public:
    explicit Parser(const std::string& text) : text_(text) {}

    Error fail(int col, const std::string& msg) const {
        std::string caret(static_cast<std::size_t>(std::max(col, 1) - 1), ' ');
        return make_error(ErrorKind::InvalidArgument, "schedule '" + text_ + "': column " +
                                                          std::to_string(col) + ": " + msg +
                                                          "\n  " + text_ + "\n  " + caret + "^");
    }

    // Splits a word on ',' into items with their own columns (empty items dropped).
    static std::vector<Word> items(const std::vector<Word>& words) {
        std::vector<Word> out;
        for (const auto& w : words) {
            std::size_t start = 0;
            while (start <= w.text.size()) {
                std::size_t end = w.text.find(',', start);
                if (end == std::string::npos) end = w.text.size();
                if (end > start)
                    out.push_back({w.text.substr(start, end - start), w.col + (int)start});
                start = end + 1;
            }
        }
        return out;
    }

    Result<Clause> clause(std::vector<Word> words, int clause_col) {
        Clause c;
        c.column = clause_col;
        if (words.empty()) return fail(clause_col, "empty clause; remove the extra ';'");
        std::size_t i = 0;
        if (auto lv = normalize_level(words[0].text); !lv.empty()) {
            c.level = lv;
            ++i;
            if (words.size() == 1)
                return fail(words[0].col + (int)words[0].text.size(),
                            "expected when to run after the level '" + words[0].text + "'");
        }
        std::vector<Word> rest(words.begin() + (long)i, words.end());
        if (rest[0].text == "once") return once(c, rest);
        if (rest[0].text == "cron") {
            rest.erase(rest.begin());
            if (rest.size() != 5)
                return fail(words[i].col, "'cron' takes 5 fields: minute hour day-of-month "
                                          "month weekday, e.g. cron 5 23 * * 1-6");
            return cron(c, rest);
        }
        const bool looks_cron =
            rest.size() == 5 && std::none_of(rest.begin(), rest.end(), [](auto& w) {
                return w.text.find(':') != std::string::npos || w.text == "at" || w.text == "in";
            });
        if (looks_cron) return cron(c, rest);
        return calendar(c, rest);
    }

private:
    Result<Clause> once(Clause c, const std::vector<Word>& w) {
        if (w.size() != 3)
            return fail(w[0].col, "'once' takes a local date and time: once YYYY-MM-DD HH:MM[:SS]");
        const auto& d = w[1].text;
        int y = 0, m = 0, day = 0;
        if (d.size() != 10 || d[4] != '-' || d[7] != '-' || (y = number(d.substr(0, 4))) < 1970 ||
            (m = number(d.substr(5, 2))) < 1 || m > 12 || (day = number(d.substr(8, 2))) < 1)
            return fail(w[1].col, "expected a date YYYY-MM-DD, found '" + d + "'");
        if (day > days_in_month(y, m))
            return fail(w[1].col + 8,
                        "day " + std::to_string(day) + " does not exist in " + d.substr(0, 7));
        auto t = time_of_day(w[2]);
        if (!t) return t.error();
        c.kind = Clause::Kind::Once;
        c.once_date = {y, m, day};
        c.once_time = t.value();
        return c;
    }

    Result<WallTime> time_of_day(const Word& w) {
        const auto& s = w.text;
        const auto p1 = s.find(':');
        const auto p2 = p1 == std::string::npos ? p1 : s.find(':', p1 + 1);
        const int h = number(s.substr(0, p1));
        const int m = p1 == std::string::npos ? -1 : number(s.substr(p1 + 1, p2 - p1 - 1));
        const int sec = p2 == std::string::npos ? 0 : number(s.substr(p2 + 1));
        if (p1 == std::string::npos || h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 59 ||
            p1 == 0 || p1 > 2 || (p2 == std::string::npos ? s.size() - p1 : p2 - p1) != 3)
            return fail(w.col, "expected a time HH:MM (00:00..23:59), found '" + s + "'");
        return WallTime{h, m, sec};
    }

    Status day_term(Clause& c, const Word& w) {
        const std::string& s = w.text;
        if (s == "daily") {
            c.any_day = true;
            return {};
        }
        if (s == "last") {
            c.last_monthday = true;
            return {};
        }
        if (const auto hash = s.find('#'); hash != std::string::npos) {
            const int wd = weekday_index(s.substr(0, hash));
            if (wd < 0)
                return fail(w.col, "unknown weekday '" + s.substr(0, hash) + "' before '#'");
            const std::string n = s.substr(hash + 1);
            const int k = n == "last" ? -1 : number(n);
            if (k == 0 || k < -1 || k > 5)
                return fail(w.col + (int)hash + 1,
                            "expected 1..5 or 'last' after '#' (sun#1 is the first Sunday)");
            c.nth.emplace_back(wd, k);
            return {};
        }
        if (const auto dash = s.find('-'); dash != std::string::npos) {
            const std::string a = s.substr(0, dash), b = s.substr(dash + 1);
            const int wa = weekday_index(a), wb = weekday_index(b);
            if (wa >= 0 && wb >= 0) {
                for (int d = wa;; d = (d + 1) % 7) {
                    c.weekdays.set((std::size_t)d);
                    if (d == wb) break;
                }
                return {};
            }
            const int na = number(a), nb = number(b);
            if (na >= 1 && nb <= 31 && na <= nb) {
                for (int d = na; d <= nb; ++d)
                    c.monthdays.set((std::size_t)d);
                return {};
            }
            return fail(w.col, "bad range '" + s + "'; use mon-fri or 1-7");
        }
        if (const int wd = weekday_index(s); wd >= 0) {
            c.weekdays.set((std::size_t)wd);
            return {};
        }
        if (const int n = number(s); n >= 1 && n <= 31) {
            c.monthdays.set((std::size_t)n);
            return {};
        }
        return fail(w.col, "unknown day '" + s +
                               "'; use daily, mon..sun, mon-fri, sun#1..sun#5, sun#last, "
                               "1..31 or last");
    }

    Status month_term(Clause& c, const Word& w) {
        const auto dash = w.text.find('-');
        const int a = month_index(w.text.substr(0, dash));
        const int b = dash == std::string::npos ? a : month_index(w.text.substr(dash + 1));
        if (a < 1 || b < 1) return fail(w.col, "unknown month '" + w.text + "'; use jan..dec");
        for (int m = a;; m = m % 12 + 1) {
            c.months.set((std::size_t)m);
            if (m == b) break;
        }
        return {};
    }

    Result<Clause> calendar(Clause c, const std::vector<Word>& w) {
        std::size_t i = 0;
        std::vector<Word> days, months, times;
        while (i < w.size() && w[i].text != "in" && w[i].text != "at") {
            if (w[i].text.find(':') != std::string::npos)
                return fail(w[i].col, "expected 'at' before the time '" + w[i].text + "'");
            days.push_back(w[i++]);
        }
        if (days.empty())
            return fail(w[i].col, "expected the days before '" + w[i].text +
                                      "' (daily, mon-fri, sun#1, 15, last)");
        if (i < w.size() && w[i].text == "in") {
            const int in_col = w[i++].col;
            while (i < w.size() && w[i].text != "at")
                months.push_back(w[i++]);
            if (months.empty()) return fail(in_col + 3, "expected months after 'in' (jan..dec)");
        }
        const int end_col = w.back().col + (int)w.back().text.size();
        if (i >= w.size()) return fail(end_col, "expected 'at HH:MM' (when on those days to run)");
        ++i; // "at"
        while (i < w.size())
            times.push_back(w[i++]);
        if (times.empty()) return fail(end_col + 1, "expected a time HH:MM after 'at'");
        for (const auto& d : items(days))
            TL_TRY(day_term(c, d));
        if (months.empty()) c.months.set().reset(0);
        for (const auto& m : items(months))
            TL_TRY(month_term(c, m));
        for (const auto& t : items(times)) {
            auto wt = time_of_day(t);
            if (!wt) return wt.error();
            c.times.push_back(wt.value());
        }
        std::sort(c.times.begin(), c.times.end(), [](const WallTime& a, const WallTime& b) {
            return std::tie(a.hour, a.minute, a.second) < std::tie(b.hour, b.minute, b.second);
        });
        return c;
    }

    // One cron field into `set` (bits lo..hi); names for months (1..12) and weekdays (0..7).
    template <std::size_t N>
    Status cron_field(const Word& w, int lo, int hi, std::bitset<N>& set, bool& any, int names) {
        any = w.text == "*";
        for (const auto& item : items({w})) {
            std::string s = lower(item.text);
            int step = 1;
            if (const auto slash = s.find('/'); slash != std::string::npos) {
                step = number(s.substr(slash + 1));
                if (step < 1) return fail(item.col + (int)slash + 1, "bad step in '" + s + "'");
                s = s.substr(0, slash);
            }
            auto value = [&](const std::string& v) {
                if (names == 1) return month_index(v) > 0 ? month_index(v) : number(v);
                if (names == 2) return weekday_index(v) >= 0 ? weekday_index(v) : number(v);
                return number(v);
            };
            int a = lo, b = hi;
            if (s != "*") {
                const auto dash = s.find('-');
                a = value(s.substr(0, dash));
                b = dash == std::string::npos ? (step > 1 ? hi : a) : value(s.substr(dash + 1));
            }
            if (a < lo || b > hi || a > b)
                return fail(item.col, "'" + item.text + "' is outside " + std::to_string(lo) +
                                          ".." + std::to_string(hi));
            for (int v = a; v <= b; v += step)
                set.set((std::size_t)v);
        }
        return {};
    }

    Result<Clause> cron(Clause c, const std::vector<Word>& w) {
        c.kind = Clause::Kind::Cron;
        std::bitset<60> minutes;
        std::bitset<24> hours;
        std::bitset<8> dow;
        bool any = false;
        TL_TRY(cron_field(w[0], 0, 59, minutes, any, 0));
        TL_TRY(cron_field(w[1], 0, 23, hours, any, 0));
        TL_TRY(cron_field(w[2], 1, 31, c.monthdays, c.cron_dom_any, 0));
        TL_TRY(cron_field(w[3], 1, 12, c.months, any, 1));
        TL_TRY(cron_field(w[4], 0, 7, dow, c.cron_dow_any, 2));
        for (std::size_t d = 0; d < 7; ++d)
            c.weekdays[d] = dow[d] || (d == 0 && dow[7]);
        for (int h = 0; h < 24; ++h)
            for (int m = 0; m < 60; ++m)
                if (hours[(std::size_t)h] && minutes[(std::size_t)m]) c.times.push_back({h, m, 0});
        return c;
    }

    std::string text_;
};

} // namespace

Result<ScheduleRule> ScheduleRule::parse(const std::string& text) {
    Parser p(text);
    ScheduleRule rule;
    rule.text_ = text;
    std::vector<Word> words;
    int clause_col = 1;
    auto flush = [&]() -> Status {
        auto c = p.clause(words, words.empty() ? clause_col : words.front().col);
        if (!c) return c.error();
        rule.clauses_.push_back(std::move(c.value()));
        words.clear();
        return {};
    };
    std::size_t i = 0;
    while (i <= text.size()) {
        if (i == text.size() || text[i] == ';') {
            TL_TRY(flush());
            clause_col = (int)i + 2;
            ++i;
            continue;
        }
        if (std::isspace((unsigned char)text[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && text[j] != ';' && !std::isspace((unsigned char)text[j]))
            ++j;
        words.push_back({lower(text.substr(i, j - i)), (int)i + 1});
        i = j;
    }
    return rule;
}

} // namespace tl::schedule
