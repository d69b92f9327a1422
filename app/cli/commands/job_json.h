#pragma once
// JSON and text renderings shared by the commands that read tape (verify, restore, scan, ls).
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "job/saveset_reader.h"

namespace tl::cli {

inline nlohmann::json bad_blocks_json(const std::vector<job::BadBlock>& blocks) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& b : blocks)
        arr.push_back({{"volume", b.volume},
                       {"tape_file", b.tape_file},
                       {"block", b.block},
                       {"message", b.message}});
    return arr;
}

inline void print_bad_blocks(std::ostream& o, const std::vector<job::BadBlock>& blocks) {
    for (const auto& b : blocks)
        o << "  BAD BLOCK " << b.volume << " tape file " << b.tape_file << " block " << b.block
          << ": " << b.message << "\n";
}

} // namespace tl::cli
