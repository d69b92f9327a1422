#include "catalog/catalog_copy.h"

#include <algorithm>
#include <optional>

#include "catalog/entry_names.h"
#include "catalog/name_search_tail.h"
#include "catalog/pg_schema.h"
#include "catalog/pg_text.h"
#include "catalog/schema.h"

namespace tl::catalog {

namespace {
constexpr std::size_t kCopyBatch = 20000; // rows per COPY into PostgreSQL
constexpr std::int64_t kSamples = 64;     // rows per table looked up again in the copy

using Row = std::vector<std::optional<std::string>>;

std::string column_list(const CatalogTable& t) {
    std::string out;
    for (const auto& c : t.columns)
        out += (out.empty() ? "" : ",") + c;
    return out;
}

// One value in COPY's text format: \N for NULL, bytea as \\x hex, text with its escapes.
void append_copy_value(std::string& out, const std::optional<std::string>& v, bool blob) {
    static constexpr char kHex[] = "0123456789abcdef";
    if (!v) {
        out += "\\N";
        return;
    }
    if (blob) {
        out += "\\\\x";
        for (unsigned char b : *v)
            out += {kHex[b >> 4], kHex[b & 15]};
        return;
    }
    append_copy_field(out, *v);
}

Row read_row(const Stmt& q, const CatalogTable& t) {
    Row r(t.columns.size());
    for (std::size_t c = 0; c < r.size(); ++c) {
        const int col = static_cast<int>(c);
        if (!q.is_null(col)) r[c] = t.blob[c] ? q.blob(col) : q.text(col);
    }
    return r;
}

Stmt& bind_row(Stmt& s, const Row& r, const CatalogTable& t) {
    for (std::size_t c = 0; c < r.size(); ++c) {
        const int i = static_cast<int>(c) + 1;
        if (!r[c])
            s.bind_null(i);
        else if (t.blob[c])
            s.bind_blob(i, r[c]->data(), r[c]->size());
        else
            s.bind(i, std::string_view(*r[c]));
    }
    return s;
}

// The table's rows into `to`: COPY in batches on PostgreSQL, a prepared INSERT on SQLite. Every
// `every`-th row is kept in `samples`.
Result<std::int64_t> copy_table(Db& from, Db& to, const CatalogTable& t, std::int64_t every,
                                std::vector<Row>& samples) {
    const std::string cols = column_list(t);
    auto q = from.prepare("SELECT " + cols + " FROM " + t.name + " ORDER BY 1");
    if (!q) return q.error();
    std::string marks, batch;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        marks += c ? ",?" : "?";
    auto ins = to.prepare("INSERT INTO " + t.name + "(" + cols + ") VALUES(" + marks + ")");
    if (!ins) return ins.error();
    std::int64_t n = 0;
    for (;;) {
        auto more = q->step();
        if (!more) return more.error();
        if (!more.value()) break;
        Row r = read_row(q.value(), t);
        if (n++ % every == 0) samples.push_back(r);
        if (!to.postgres()) {
            TL_TRY(bind_row(ins.value(), r, t).run());
            continue;
        }
        for (std::size_t c = 0; c < r.size(); ++c) {
            append_copy_value(batch, r[c], t.blob[c]);
            batch += c + 1 < r.size() ? '\t' : '\n';
        }
        if (n % kCopyBatch == 0) {
            TL_TRY(to.copy_rows(t.name, cols, batch));
            batch.clear();
        }
    }
    if (!batch.empty()) TL_TRY(to.copy_rows(t.name, cols, batch));
    return n;
}

// The sampled rows, each looked up in `to` by every column (NULL-safe).
Result<std::int64_t> found_again(Db& to, const CatalogTable& t, const std::vector<Row>& samples) {
    std::string where;
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        where += (c ? " AND " : "") + t.columns[c] + " IS ?";
    auto q = to.prepare("SELECT count(*) FROM " + t.name + " WHERE " + where);
    if (!q) return q.error();
    std::int64_t found = 0;
    for (const auto& r : samples) {
        q->reset();
        auto row = bind_row(q.value(), r, t).step();
        if (!row) return row.error();
        if (row.value() && q->i64(0) > 0) ++found;
    }
    q->reset();
    return found;
}

Status refuse_unless_empty(Db& to) {
    for (const char* table : {"jobs", "volumes", "entries"}) {
        auto n = to.scalar(std::string("SELECT count(*) FROM ") + table);
        if (!n) return n.error();
        if (n.value() > 0)
            return make_error(ErrorKind::AlreadyExists,
                              "catalog " + to.name() + " already holds a catalog (" +
                                  std::to_string(n.value()) + " rows in " + table +
                                  "); name an empty database or a new file");
    }
    return {};
}
} // namespace

Result<std::vector<TableCopied>> copy_catalog(Db& from, Db& to) {
    auto version = stored_schema_version(from);
    if (!version) return version.error();
    if (version.value() != schema_version())
        return make_error(ErrorKind::Unsupported,
                          "catalog " + from.name() + " has schema version " +
                              std::to_string(version.value()) + ", this build's is " +
                              std::to_string(schema_version()) +
                              "; open it once with this build (any command that writes) first");
    TL_TRY(migrate(to));
    TL_TRY(refuse_unless_empty(to));
    auto tables = catalog_tables();
    if (!tables) return tables.error();
    std::vector<TableCopied> out;
    std::vector<std::vector<Row>> samples(tables->size());
    {
        auto tx = Transaction::begin(to);
        if (!tx) return tx.error();
        for (auto t = tables->rbegin(); t != tables->rend(); ++t)
            TL_TRY(to.exec("DELETE FROM " + t->name)); // the seeded rows (pools)
        for (std::size_t i = 0; i < tables->size(); ++i) {
            const auto& t = (*tables)[i];
            auto total = from.scalar("SELECT count(*) FROM " + t.name);
            if (!total) return total.error();
            const std::int64_t every = std::max<std::int64_t>(1, total.value() / kSamples);
            auto n = copy_table(from, to, t, every, samples[i]);
            if (!n) return n.error();
            out.push_back({t.name, n.value(), 0});
        }
        TL_TRY(restart_identities(to, tables.value()));
        TL_TRY(fill_all_entry_names(to)); // SQLite's name keys, which are not copied
        TL_TRY(index_new_names(to));      // and its name search's index
        TL_TRY(tx->commit());
    }
    for (std::size_t i = 0; i < tables->size(); ++i) {
        const auto& t = (*tables)[i];
        auto n = to.scalar("SELECT count(*) FROM " + t.name);
        if (!n) return n.error();
        auto found = found_again(to, t, samples[i]);
        if (!found) return found.error();
        out[i].sampled = found.value();
        if (n.value() != out[i].rows ||
            found.value() != static_cast<std::int64_t>(samples[i].size()))
            return make_error(ErrorKind::Corrupt,
                              "catalog " + to.name() + ": table " + t.name + " holds " +
                                  std::to_string(n.value()) + " rows of " +
                                  std::to_string(out[i].rows) + " copied, " +
                                  std::to_string(found.value()) + " of " +
                                  std::to_string(samples[i].size()) +
                                  " sampled rows found again; the source is unchanged");
    }
    return out;
}

} // namespace tl::catalog
