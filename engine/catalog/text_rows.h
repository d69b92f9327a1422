#pragma once
// Steps a prepared query to its end and collects its first column as text: the shape of the
// stores' "list of names" reads (sources, barcodes).
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

inline Result<std::vector<std::string>> text_rows(Stmt& q) {
    std::vector<std::string> out;
    for (;;) {
        auto row = q.step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back(q.text(0));
    }
    return out;
}

} // namespace tl::catalog
