#pragma once
// `tapeloom-cli catalog migrate --to URL` (docs/catalog.md "Moving a catalog"): a whole catalog
// copied from one back end to the other (the SQLite file into a PostgreSQL database, or back
// into a new file), then checked: every table's row count, and a sample of rows of each table
// looked up column by column in the copy. The source is only read.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct TableCopied {
    std::string table;
    std::int64_t rows = 0;    // copied, and counted again in the target
    std::int64_t sampled = 0; // rows found again in the target, column by column
};

// Copies every table of `from` (at this build's schema version, opened read-only) into `to`,
// which must hold no catalog yet or an empty one (no jobs, volumes or file entries): its schema
// is made, the rows it was seeded with replaced, all in one transaction. Refused before
// anything is written when `to` holds data or `from` is of another schema version; a count or a
// sample that differs afterwards is Corrupt (the source is never touched either way).
Result<std::vector<TableCopied>> copy_catalog(Db& from, Db& to);

} // namespace tl::catalog
