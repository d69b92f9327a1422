#pragma once
// Lists as command options take them, comma-separated: "1,2,4", "64K,256K,1M" (the bench
// commands' --sessions, --block-sizes, --codecs...).
#include <string>
#include <vector>

namespace tl {

// The items of `text` between its commas, blanks dropped; empty items are left out.
inline std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == ',') {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else if (c != ' ') {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

} // namespace tl
