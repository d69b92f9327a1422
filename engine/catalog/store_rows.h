#pragma once
// Steps a prepared query and turns its rows into typed rows: the loops every store of
// engine/catalog/ shares (all rows, the first row, one integer). Header-only, no state.
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

// Every row of `q`, each made by `read(q)`.
template <class Read>
auto collect_rows(Stmt& q, Read read)
    -> Result<std::vector<std::decay_t<std::invoke_result_t<Read, const Stmt&>>>> {
    std::vector<std::decay_t<std::invoke_result_t<Read, const Stmt&>>> out;
    for (;;) {
        auto row = q.step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back(read(static_cast<const Stmt&>(q)));
    }
    return out;
}

// The first row of `q` (nullopt when there is none); `q` is reset after it.
template <class Read>
auto first_row(Stmt& q, Read read)
    -> Result<std::optional<std::decay_t<std::invoke_result_t<Read, const Stmt&>>>> {
    using Row = std::decay_t<std::invoke_result_t<Read, const Stmt&>>;
    auto row = q.step();
    if (!row) return row.error();
    std::optional<Row> out;
    if (row.value()) out = read(static_cast<const Stmt&>(q));
    q.reset();
    return out;
}

// The first column of the first row as an integer (0 when there is no row); `q` is reset.
inline Result<std::int64_t> first_i64(Stmt& q) {
    auto row = first_row(q, [](const Stmt& s) { return s.i64(0); });
    if (!row) return row.error();
    return row.value().value_or(0);
}

// Binds an optional value, NULL when empty.
template <class T> Stmt& bind_or_null(Stmt& q, int i, const std::optional<T>& v) {
    return v ? q.bind(i, *v) : q.bind_null(i);
}

} // namespace tl::catalog
