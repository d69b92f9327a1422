#pragma once
// A thin RAII layer over the catalog's database: a connection and prepared statements whose
// errors come back as values naming the database. Two back ends behind one interface: SQLite
// (a file path, the embedded default) and PostgreSQL (a postgresql:// URL, pg_conn.h; the
// statements are written in SQLite's spelling and translated by dialect.h). Not thread-safe:
// one Db per thread (SQLite WAL lets several connections of one process read while one writes).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "common/result.h"

struct sqlite3;
struct sqlite3_stmt;

namespace tl::catalog {

class PgConn;
class PgStmt;
// Deleters defined in db.cpp: the PostgreSQL types stay incomplete here.
struct PgConnDelete {
    void operator()(PgConn* c) const;
};
struct PgStmtDelete {
    void operator()(PgStmt* s) const;
};
using PgConnPtr = std::unique_ptr<PgConn, PgConnDelete>;
using PgStmtPtr = std::unique_ptr<PgStmt, PgStmtDelete>;

class Stmt {
public:
    Stmt() = default;
    Stmt(sqlite3_stmt* s, std::string db_path);
    explicit Stmt(PgStmtPtr pg);
    Stmt(Stmt&& o) noexcept;
    Stmt& operator=(Stmt&& o) noexcept;
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    ~Stmt();

    // Binding indexes are 1-based as in SQLite. Each returns *this for chaining.
    Stmt& bind(int i, std::int64_t v);
    Stmt& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
    Stmt& bind(int i, std::uint64_t v) { return bind(i, static_cast<std::int64_t>(v)); }
    Stmt& bind(int i, long long v) { return bind(i, static_cast<std::int64_t>(v)); }
    Stmt& bind(int i, unsigned v) { return bind(i, static_cast<std::int64_t>(v)); }
    Stmt& bind(int i, double v);
    Stmt& bind(int i, std::string_view v);
    Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Stmt& bind_blob(int i, const void* data, std::size_t n);
    Stmt& bind_null(int i);

    // true: a row is ready; false: done.
    Result<bool> step();
    // Runs to completion (for INSERT/UPDATE/DELETE), then resets.
    Status run();
    void reset();

    std::int64_t i64(int col) const;
    double f64(int col) const;
    std::string text(int col) const;
    // The same into `out`, reusing its capacity (a row loop's strings are not allocated anew).
    void text_into(int col, std::string& out) const;
    std::string blob(int col) const;
    bool is_null(int col) const;

private:
    sqlite3_stmt* s_ = nullptr;
    std::string path_;
    PgStmtPtr pg_;
};

// How a connection may use the file. ReadOnly connections never write it (no WAL switch, no
// migration); in WAL mode they read beside a writer without blocking it, and any statement that
// would write fails with an error saying the catalog was opened read-only.
enum class Access { ReadWrite, ReadOnly };

class Db {
public:
    // Opens (creating if asked) with WAL, foreign keys and a busy timeout. A postgresql:// URL
    // connects to that server's database instead (`create` does not apply: the database must
    // exist, its tables are made by migrate()).
    static Result<Db> open(const std::string& path, bool create = true);
    // Opens an existing file; Access::ReadOnly as above. NotFound when the file is missing.
    static Result<Db> open(const std::string& path, Access access);
    Db(Db&& o) noexcept;
    Db& operator=(Db&& o) noexcept;
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;
    ~Db();

    Status exec(std::string_view sql);
    Result<Stmt> prepare(std::string_view sql);
    std::int64_t last_insert_rowid() const;
    int changes() const;
    // What open() was given: the file path, or the full URL (to open another connection).
    const std::string& path() const { return path_; }
    // The catalog as messages name it: the path, or the URL without its password.
    const std::string& name() const { return name_; }
    bool postgres() const { return pg_ != nullptr; }
    // PostgreSQL only: COPY of tab-separated rows (or, `CopyFormat::binary`, of rows made by
    // PgBinaryRows) into `table`'s `columns`, replacing rows of the same key (INSERT OR
    // REPLACE); Unsupported on SQLite.
    enum class CopyFormat { text, binary };
    Status copy_in(std::string_view table, std::string_view columns, const std::string& rows,
                   CopyFormat format = CopyFormat::text);
    // PostgreSQL only: COPY of such rows into `table` as they are (a copy of a whole catalog).
    Status copy_rows(std::string_view table, std::string_view columns, const std::string& rows,
                     CopyFormat format = CopyFormat::text);
    // The rows of a COPY in pieces, made while the server stores the pieces before them: each
    // call points `piece` at the next rows (valid until the next call) and returns whether
    // more follow.
    using CopySource = std::function<bool(std::string_view& piece)>;
    // PostgreSQL only: copy_in and copy_rows of the rows `source` gives, each piece sent as
    // soon as it is made.
    Status copy_in(std::string_view table, std::string_view columns, const CopySource& source,
                   CopyFormat format);
    Status copy_rows(std::string_view table, std::string_view columns, const CopySource& source,
                     CopyFormat format);
    bool read_only() const { return read_only_; }
    sqlite3* handle() { return db_; }

    // Runs one query returning a single integer (0 when no row).
    Result<std::int64_t> scalar(std::string_view sql);

private:
    Db(sqlite3* db, std::string path, bool read_only = false);
    Db(PgConnPtr pg, std::string url, bool read_only);
    static Result<Db> open_postgres(const std::string& url, bool read_only);
    sqlite3* db_ = nullptr;
    PgConnPtr pg_;
    std::string path_, name_;
    bool read_only_ = false;
};

// Begins IMMEDIATE on construction; rolls back on destruction unless commit() succeeded.
class Transaction {
public:
    static Result<Transaction> begin(Db& db);
    Transaction(Transaction&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
    Transaction(const Transaction&) = delete;
    ~Transaction();
    Status commit();

private:
    explicit Transaction(Db& db) : db_(&db) {}
    Db* db_;
};

} // namespace tl::catalog
