#pragma once
// Steps a prepared query to its end: for_each_row hands each row to a function (the stores'
// typed readers), text_rows collects the first column as text (the "list of names" reads:
// sources, barcodes).
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

template <class F> Status for_each_row(Stmt& q, F&& f) {
    for (;;) {
        auto row = q.step();
        if (!row) return row.error();
        if (!row.value()) return {};
        f(q);
    }
}

inline Result<std::vector<std::string>> text_rows(Stmt& q) {
    std::vector<std::string> out;
    TL_TRY(for_each_row(q, [&](const Stmt& r) { out.push_back(r.text(0)); }));
    return out;
}

} // namespace tl::catalog
