#include "catalog/name_trigrams.h"

#include <cstddef>
#include <set>
#include <vector>

namespace tl::catalog {

namespace {
// More terms narrow the candidates little further but cost a posting-list walk each.
constexpr std::size_t kMaxTerms = 16;

// Length of the valid UTF-8 character at `s[i]`, 0 when the bytes there are not one.
std::size_t utf8_length(const std::string& s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    unsigned cp = 0;
    if (b < 0x80) return 1;
    if (b >= 0xC2 && b <= 0xDF)
        n = 2, cp = b & 0x1Fu;
    else if (b >= 0xE0 && b <= 0xEF)
        n = 3, cp = b & 0x0Fu;
    else if (b >= 0xF0 && b <= 0xF4)
        n = 4, cp = b & 0x07u;
    else
        return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        const auto c = static_cast<unsigned char>(s[i + k]);
        if ((c & 0xC0u) != 0x80u) return 0;
        cp = (cp << 6) | (c & 0x3Fu);
    }
    const bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    return overlong || surrogate || cp > 0x10FFFF ? 0 : n;
}

// The literal runs of the pattern as lists of characters (each a byte string). Wildcards,
// bracket sets and bytes that are not valid UTF-8 end a run.
class Runs {
public:
    void add(const std::string& ch) { current_.push_back(ch); }
    void cut() {
        if (current_.size() >= 3) runs_.push_back(std::move(current_));
        current_.clear();
    }
    std::vector<std::vector<std::string>> take() {
        cut();
        return std::move(runs_);
    }

private:
    std::vector<std::string> current_;
    std::vector<std::vector<std::string>> runs_;
};

// Index past the GLOB set starting at `p[i]` ('['), or npos when it never closes (such a
// pattern matches nothing in SQLite; what came before stays a valid prefilter).
std::size_t skip_set(const std::string& p, std::size_t i) {
    std::size_t j = i + 1;
    if (j < p.size() && p[j] == '^') ++j;
    if (j < p.size() && p[j] == ']') ++j; // a leading ']' is a member
    const auto close = p.find(']', j);
    return close == std::string::npos ? std::string::npos : close + 1;
}

std::vector<std::vector<std::string>> literal_runs(const std::string& p, bool glob) {
    Runs runs;
    std::size_t i = 0;
    while (i < p.size()) {
        const char c = p[i];
        if (glob && (c == '*' || c == '?')) {
            runs.cut();
            ++i;
        } else if (glob && c == '[') {
            runs.cut();
            i = skip_set(p, i);
            if (i == std::string::npos) break;
        } else if (!glob && (c == '%' || c == '_')) {
            runs.cut();
            ++i;
        } else {
            if (!glob && c == '\\' && i + 1 < p.size()) ++i; // the escaped character is literal
            const auto n = utf8_length(p, i);
            if (n == 0) {
                runs.cut();
                ++i;
                continue;
            }
            runs.add(p.substr(i, n));
            i += n;
        }
    }
    return runs.take();
}

std::string fts_phrase(const std::string& s) {
    std::string q = "\"";
    for (char c : s) {
        if (c == '"') q += '"';
        q += c;
    }
    return q + "\"";
}
} // namespace

std::optional<std::string> trigram_query(const std::string& pattern, bool glob) {
    std::set<std::string> seen;
    std::string query;
    for (const auto& run : literal_runs(pattern, glob)) {
        for (std::size_t k = 0; k + 3 <= run.size() && seen.size() < kMaxTerms; ++k) {
            const std::string tri = run[k] + run[k + 1] + run[k + 2];
            if (!seen.insert(tri).second) continue;
            query += (query.empty() ? "" : " AND ") + fts_phrase(tri);
        }
    }
    if (query.empty()) return std::nullopt;
    return query;
}

} // namespace tl::catalog
