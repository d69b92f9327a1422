#pragma once
// JSON and text renderings shared by the commands that read tape (verify, restore, scan, ls).
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "job/restore_outcome.h"
#include "job/saveset_reader.h"

namespace tl::cli {

using job::bad_blocks_json;

inline void print_bad_blocks(std::ostream& o, const std::vector<job::BadBlock>& blocks) {
    for (const auto& b : blocks)
        o << "  BAD BLOCK " << b.volume << " tape file " << b.tape_file << " block " << b.block
          << ": " << b.message << "\n";
}

} // namespace tl::cli
