#pragma once
// The trigram prefilter of the name search (schema.cpp: names_search, an FTS5 index with the
// trigram tokenizer over the distinct names). A name that a GLOB or LIKE pattern matches holds
// every literal run of the pattern, so it holds every trigram of each run: the AND of those
// trigrams finds a superset of the matching names, and the exact pattern is then applied to
// those candidates only. No SQL here: this is the text of the FTS5 query.
#include <optional>
#include <string>

namespace tl::catalog {

// The FTS5 query ("abc" AND "bcd" ...) for `pattern`: a GLOB when `glob`, else a LIKE pattern
// with '\' as its escape. nullopt when the pattern holds no literal run of 3 or more characters
// (valid UTF-8): the trigram index cannot narrow it down and the caller scans the names.
std::optional<std::string> trigram_query(const std::string& pattern, bool glob);

} // namespace tl::catalog
