#include "catalog/dialect.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <vector>

namespace tl::catalog::dialect {

namespace {
// JSON keys of the stored reports and definitions that hold text; every other key read with
// json_extract is a number on PostgreSQL (so sums, averages and comparisons keep working).
constexpr std::array<std::string_view, 8> kJsonTextKeys = {"name", "drive",  "status",  "note",
                                                           "kind", "source", "barcode", "level"};

struct TableKey {
    std::string_view table, key;
};
// The primary keys INSERT OR REPLACE conflicts on (schema.cpp).
constexpr std::array<TableKey, 6> kTableKeys = {{
    {"entries", "saveset_id, dir_id, name_id"},
    {"deletions", "saveset_id, dir_id, name"},
    {"extents", "saveset_id, offset"},
    {"tape_files", "session_id, volume_id, file_number"},
    {"settings", "key"},
    {"job_series", "job_id, name"},
}};

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

constexpr std::string_view kRowidKey = "INTEGER PRIMARY KEY";

// Whether the column declared just before position `p` (its type) is named `id`.
bool id_column_before(std::string_view s, std::size_t p) {
    while (p > 0 && (s[p - 1] == ' ' || s[p - 1] == '\t'))
        --p;
    return p >= 2 && s.substr(p - 2, 2) == "id" && (p == 2 || !word_char(s[p - 3]));
}

// For each byte: true inside a '...' literal (quotes included).
std::vector<bool> literal_mask(std::string_view s) {
    std::vector<bool> in(s.size(), false);
    bool quoted = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\'') {
            in[i] = true;
            quoted = !quoted;
            continue;
        }
        in[i] = quoted;
    }
    return in;
}

// Positions of `word` (whole word, outside literals), in ascending order.
std::vector<std::size_t> find_words(std::string_view s, std::string_view word) {
    std::vector<std::size_t> out;
    const auto in = literal_mask(s);
    for (std::size_t p = s.find(word); p != std::string_view::npos; p = s.find(word, p + 1)) {
        const bool left = p == 0 || !word_char(s[p - 1]);
        const bool right = p + word.size() >= s.size() || !word_char(s[p + word.size()]);
        if (left && right && !in[p]) out.push_back(p);
    }
    return out;
}

std::string trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return std::string(s);
}

// The index of the ')' closing the '(' at `open`, skipping literals; npos when unbalanced.
std::size_t closing_paren(std::string_view s, std::size_t open) {
    int depth = 0;
    bool quoted = false;
    for (std::size_t i = open; i < s.size(); ++i) {
        if (s[i] == '\'') quoted = !quoted;
        if (quoted) continue;
        if (s[i] == '(') ++depth;
        if (s[i] == ')' && --depth == 0) return i;
    }
    return std::string_view::npos;
}

std::vector<std::string> split_args(std::string_view inner) {
    std::vector<std::string> out;
    int depth = 0;
    bool quoted = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i < inner.size(); ++i) {
        if (inner[i] == '\'') quoted = !quoted;
        if (quoted) continue;
        if (inner[i] == '(') ++depth;
        if (inner[i] == ')') --depth;
        if (inner[i] == ',' && depth == 0) {
            out.push_back(trim(inner.substr(start, i - start)));
            start = i + 1;
        }
    }
    out.push_back(trim(inner.substr(start)));
    return out;
}

// '$.a.b' -> '{a,b}', and whether the last key holds text.
std::pair<std::string, bool> json_path(const std::string& literal) {
    std::string p = literal;
    if (p.size() >= 2 && p.front() == '\'' && p.back() == '\'') p = p.substr(1, p.size() - 2);
    if (p.rfind("$.", 0) == 0) p = p.substr(2);
    std::string keys = p;
    std::replace(keys.begin(), keys.end(), '.', ',');
    const std::string last = p.substr(p.rfind('.') == std::string::npos ? 0 : p.rfind('.') + 1);
    const bool text =
        std::find(kJsonTextKeys.begin(), kJsonTextKeys.end(), last) != kJsonTextKeys.end();
    return {"'{" + keys + "}'", text};
}

std::string json_at(const std::vector<std::string>& a) {
    return "(" + a[0] + ")::jsonb #> " + json_path(a.size() > 1 ? a[1] : "'$'").first;
}

using CallRewrite = std::function<std::string(const std::vector<std::string>&)>;

std::string rewrite_call(std::string_view name, const std::vector<std::string>& a) {
    if (name == "hex") return "upper(encode(" + a[0] + ", 'hex'))";
    if (name == "ifnull") return "coalesce(" + a[0] + ", " + a[1] + ")";
    if (name == "max" || name == "min") {
        std::string out = name == "max" ? "greatest(" : "least(";
        for (std::size_t i = 0; i < a.size(); ++i)
            out += (i ? ", " : "") + a[i];
        return out + ")";
    }
    if (name == "json_extract") {
        const auto [path, text] = json_path(a[1]);
        const std::string value = "((" + a[0] + ")::jsonb #>> " + path + ")";
        return text ? value : "CAST(" + value + " AS NUMERIC)";
    }
    if (name == "json_each") return "jsonb_array_elements(" + json_at(a) + ")";
    if (name == "json_array_length") return "jsonb_array_length(" + json_at(a) + ")";
    if (name == "json_object") {
        std::string out = "CAST(json_build_object(";
        for (std::size_t i = 0; i < a.size(); ++i)
            out += (i ? ", " : "") + a[i];
        return out + ") AS TEXT)";
    }
    // group_concat(x) / group_concat(DISTINCT x)
    const bool distinct = a[0].rfind("DISTINCT ", 0) == 0;
    const std::string x = distinct ? a[0].substr(9) : a[0];
    return std::string("string_agg(") + (distinct ? "DISTINCT " : "") + "CAST(" + x +
           " AS TEXT), ',')";
}

// Rewrites the calls of the functions above, innermost (rightmost) first.
std::string rewrite_calls(std::string s) {
    static constexpr std::array<std::string_view, 9> names = {"hex",
                                                              "ifnull",
                                                              "max",
                                                              "min",
                                                              "json_extract",
                                                              "json_each",
                                                              "json_array_length",
                                                              "json_object",
                                                              "group_concat"};
    std::vector<std::pair<std::size_t, std::string_view>> calls;
    for (auto n : names)
        for (auto p : find_words(s, n))
            if (p + n.size() < s.size() && s[p + n.size()] == '(' && (p == 0 || s[p - 1] != '.'))
                calls.emplace_back(p, n);
    std::sort(calls.begin(), calls.end(), [](auto& x, auto& y) { return x.first > y.first; });
    for (const auto& [p, n] : calls) {
        const std::size_t open = p + n.size();
        const std::size_t close = closing_paren(s, open);
        if (close == std::string::npos) continue;
        const auto args = split_args(std::string_view(s).substr(open + 1, close - open - 1));
        if ((n == "max" || n == "min") && args.size() < 2) continue;
        s.replace(p, close + 1 - p, rewrite_call(n, args));
    }
    return s;
}

// ? and ?N -> $N (a bare ? takes the largest number so far plus one, as in SQLite).
std::string number_parameters(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 16);
    const auto in = literal_mask(s);
    int highest = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '?' || in[i]) {
            out += s[i];
            continue;
        }
        std::size_t j = i + 1;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])))
            ++j;
        const int n = j > i + 1 ? std::stoi(std::string(s.substr(i + 1, j - i - 1))) : highest + 1;
        highest = std::max(highest, n);
        out += "$" + std::to_string(n);
        i = j - 1;
    }
    return out;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
        s.replace(p, from.size(), to);
}

// Where ON CONFLICT goes: before a trailing ';' and white space.
std::size_t statement_end(const std::string& s) {
    std::size_t end = s.size();
    while (end > 0 && (std::isspace(static_cast<unsigned char>(s[end - 1])) || s[end - 1] == ';'))
        --end;
    return end;
}

std::string update_set(std::string_view key, const std::vector<std::string>& columns) {
    const auto keys = split_args(key);
    std::string set;
    for (const auto& c : columns)
        if (std::find(keys.begin(), keys.end(), c) == keys.end())
            set += (set.empty() ? "" : ", ") + c + " = EXCLUDED." + c;
    return set.empty() ? " ON CONFLICT (" + std::string(key) + ") DO NOTHING"
                       : " ON CONFLICT (" + std::string(key) + ") DO UPDATE SET " + set;
}

std::string rewrite_insert_or(std::string s) {
    if (auto p = s.find("INSERT OR IGNORE INTO"); p != std::string::npos) {
        s.replace(p, 21, "INSERT INTO");
        s.insert(statement_end(s), " ON CONFLICT DO NOTHING");
        return s;
    }
    const auto p = s.find("INSERT OR REPLACE INTO");
    if (p == std::string::npos) return s;
    s.replace(p, 22, "INSERT INTO");
    std::size_t t = p + 12;
    while (t < s.size() && s[t] == ' ')
        ++t;
    std::size_t te = t;
    while (te < s.size() && word_char(s[te]))
        ++te;
    const std::string key = conflict_key(std::string_view(s).substr(t, te - t));
    const std::size_t open = s.find('(', te);
    const std::size_t close = open == std::string::npos ? open : closing_paren(s, open);
    if (key.empty() || close == std::string::npos) {
        s.insert(statement_end(s), " ON CONFLICT DO NOTHING");
        return s;
    }
    const auto columns = split_args(std::string_view(s).substr(open + 1, close - open - 1));
    s.insert(statement_end(s), update_set(key, columns));
    return s;
}

// x GLOB p -> x ~ tl_glob_regex(p), p being a parameter or a literal.
std::string rewrite_glob(std::string s) {
    auto at = find_words(s, "GLOB");
    for (auto it = at.rbegin(); it != at.rend(); ++it) {
        std::size_t b = *it + 4;
        while (b < s.size() && s[b] == ' ')
            ++b;
        std::size_t e = b;
        if (e < s.size() && s[e] == '\'')
            e = s.find('\'', e + 1) + 1;
        else
            while (e < s.size() && (word_char(s[e]) || s[e] == '$'))
                ++e;
        s.replace(*it, e - *it, "~ tl_glob_regex(" + s.substr(b, e - b) + ")");
    }
    return s;
}

// PostgreSQL 15 wants a name for every subquery in FROM; SQLite does not.
std::string name_subqueries(std::string s) {
    static constexpr std::array<std::string_view, 8> follow = {"WHERE", "GROUP", "ORDER", "LIMIT",
                                                               "UNION", "JOIN",  "LEFT",  "ON"};
    int n = 0;
    for (auto p = s.find("FROM (SELECT"); p != std::string::npos;
         p = s.find("FROM (SELECT", p + 1)) {
        const auto close = closing_paren(s, p + 5);
        if (close == std::string::npos) break;
        std::size_t w = close + 1;
        while (w < s.size() && s[w] == ' ')
            ++w;
        std::size_t e = w;
        while (e < s.size() && word_char(s[e]))
            ++e;
        const std::string_view next = std::string_view(s).substr(w, e - w);
        const bool unnamed =
            next.empty() || std::find(follow.begin(), follow.end(), next) != follow.end();
        if (unnamed) s.insert(close + 1, " AS tl_sub" + std::to_string(++n));
    }
    return s;
}

// The SQLite name search narrows the names with its FTS5 trigram index first, and the names it
// does not hold yet ("id IN (SELECT rowid FROM names_search WHERE names_search MATCH $N UNION
// ALL SELECT id FROM names WHERE id > (SELECT upto FROM names_search_state)) AND");
// PostgreSQL's pg_trgm GIN index on names.name (pg_schema.cpp) serves the exact GLOB (as ~) and
// LIKE (as ILIKE) itself, so the prefilter becomes a condition that only keeps $N's type known.
std::string rewrite_name_prefilter(std::string s) {
    static constexpr std::string_view kPrefilter =
        "id IN (SELECT rowid FROM names_search WHERE names_search MATCH ";
    static constexpr std::string_view kTail =
        " UNION ALL SELECT id FROM names WHERE id > (SELECT upto FROM names_search_state)";
    for (auto p = s.find(kTail); p != std::string::npos; p = s.find(kTail, p))
        s.erase(p, kTail.size());
    for (auto p = s.find(kPrefilter); p != std::string::npos; p = s.find(kPrefilter, p + 1)) {
        const auto b = p + kPrefilter.size();
        const auto close = s.find(')', b);
        if (close == std::string::npos) break;
        s.replace(p, close + 1 - p, "(" + s.substr(b, close - b) + ")::text IS NOT NULL");
    }
    return s;
}

std::string rewrite_words(std::string s) {
    // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does the same (and beyond ASCII).
    auto like = find_words(s, "LIKE");
    for (auto it = like.rbegin(); it != like.rend(); ++it)
        s.replace(*it, 4, "ILIKE");
    for (auto p : find_words(s, "INDEXED")) {
        const auto by = s.find("BY", p);
        std::size_t e = by + 2;
        while (e < s.size() && s[e] == ' ')
            ++e;
        while (e < s.size() && word_char(s[e]))
            ++e;
        s.replace(p, e - p, "");
        break;
    }
    auto is = find_words(s, "IS");
    for (auto it = is.rbegin(); it != is.rend(); ++it)
        if (s.compare(*it, 4, "IS $") == 0) s.replace(*it, 2, "IS NOT DISTINCT FROM");
    auto off = find_words(s, "offset");
    for (auto it = off.rbegin(); it != off.rend(); ++it)
        if (*it == 0 || s[*it - 1] != '"') s.replace(*it, 6, "\"offset\"");
    return s;
}

std::string pragma(std::string_view s) {
    if (s.find("page_count") != std::string_view::npos)
        return "SELECT CAST(coalesce(sum(pg_total_relation_size(c.oid)), 0) / 8192 AS BIGINT) "
               "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
               "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')";
    if (s.find("page_size") != std::string_view::npos) return "SELECT 8192";
    return "SELECT 0";
}
} // namespace

std::string to_postgres(std::string_view sql) {
    const std::string head = trim(sql.substr(0, 16));
    if (head.rfind("PRAGMA", 0) == 0) return pragma(sql);
    std::string s = number_parameters(sql);
    replace_all(s, "BEGIN IMMEDIATE", "BEGIN");
    replace_all(s, "strftime('%s','now')", "CAST(extract(epoch from now()) AS BIGINT)");
    replace_all(s, " AS INTEGER)", " AS BIGINT)");
    replace_all(s, "LIMIT -1", "LIMIT ALL");
    replace_all(s, "CROSS JOIN", "JOIN"); // SQLite's join-order hint, always with an ON here
    s = rewrite_calls(std::move(s));
    s = rewrite_insert_or(std::move(s));
    s = rewrite_glob(std::move(s));
    s = rewrite_name_prefilter(std::move(s));
    s = name_subqueries(std::move(s));
    return rewrite_words(std::move(s));
}

std::string ddl_to_postgres(std::string_view sql) {
    std::string s;
    // Comments out first: an apostrophe in one would look like a literal.
    for (std::size_t i = 0; i < sql.size();) {
        const auto nl = sql.find('\n', i);
        std::string_view line = sql.substr(i, nl == std::string_view::npos ? nl : nl - i + 1);
        const auto dash = line.find("--");
        if (dash != std::string_view::npos &&
            std::count(line.begin(), line.begin() + dash, '\'') % 2 == 0)
            line = line.substr(0, dash);
        s += line;
        if (dash != std::string_view::npos && nl != std::string_view::npos) s += '\n';
        i = nl == std::string_view::npos ? sql.size() : nl + 1;
    }
    for (auto p = s.find(kRowidKey); p != std::string::npos; p = s.find(kRowidKey, p + 1))
        s.replace(p, kRowidKey.size(),
                  id_column_before(s, p) ? "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
                                         : "BIGINT PRIMARY KEY");
    for (auto [from, to] : {std::pair{"INTEGER", "BIGINT"}, {"BLOB", "BYTEA"}}) {
        auto at = find_words(s, from);
        for (auto it = at.rbegin(); it != at.rend(); ++it)
            s.replace(*it, std::string_view(from).size(), to);
    }
    replace_all(s, "WITHOUT ROWID", "");
    // entries' reference to savesets is kept by two triggers instead (pg_entries_check.h).
    if (trim(s).rfind("CREATE TABLE entries(", 0) == 0)
        replace_all(s, "REFERENCES savesets(id) ON DELETE CASCADE", "");
    // SQLite compares text byte by byte (BINARY); the readers merge and page sorted names in
    // that order, whatever locale the database was created with.
    if (trim(s).rfind("CREATE TABLE", 0) == 0) {
        auto text = find_words(s, "TEXT");
        for (auto it = text.rbegin(); it != text.rend(); ++it)
            s.insert(*it + 4, " COLLATE \"C\"");
    }
    return to_postgres(s);
}

bool has_id_identity(std::string_view create_table) {
    for (auto p = create_table.find(kRowidKey); p != std::string_view::npos;
         p = create_table.find(kRowidKey, p + 1))
        if (id_column_before(create_table, p)) return true;
    return false;
}

std::string conflict_key(std::string_view table) {
    for (const auto& k : kTableKeys)
        if (k.table == table) return std::string(k.key);
    return {};
}

std::string upsert_from(std::string_view table, std::string_view columns, std::string_view src) {
    const auto cols = split_args(columns);
    return rewrite_words("INSERT INTO " + std::string(table) + "(" + std::string(columns) +
                         ") SELECT " + std::string(columns) + " FROM " + std::string(src) +
                         update_set(conflict_key(table), cols));
}

} // namespace tl::catalog::dialect
