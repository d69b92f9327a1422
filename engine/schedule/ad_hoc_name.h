#pragma once
// The name of an ad-hoc backup submitted to the service without one: derived from its sources
// alone, so every submission of the same sources gets the same name and their levels chain
// (docs/levels.md), and sources that differ get different names.
#include <string>
#include <vector>

namespace tl::schedule {

// "adhoc-" + the last part of the first source (in sorted order, reduced to the letters,
// digits, '.', '_' and '-' a definition's name allows, at most 32) + "-" + 12 hex digits of a
// hash of the sorted, de-duplicated source list. The order the sources were given in does not
// matter. Always a valid definition name (check_definition).
std::string ad_hoc_name(std::vector<std::string> sources);

} // namespace tl::schedule
