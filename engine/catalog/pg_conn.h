#pragma once
// The PostgreSQL back end of Db and Stmt (db.h), over libpq. Statements arrive in SQLite's
// spelling and are translated once by dialect::to_postgres(); parameters go as text (blobs as
// binary bytea) and PostgreSQL infers their types; rows come back as text and are converted
// on reading. Errors name the catalog by its URL without the password.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "common/result.h"

struct pg_conn;
struct pg_result;

namespace tl::catalog {

// True for a catalog given as a PostgreSQL URL (postgresql://... or postgres://...).
bool is_postgres_url(std::string_view location);
// The URL without its password (user:secret@ -> user@, password=... dropped): safe to show.
std::string redact_url(std::string_view location);

class PgConn;

class PgStmt {
public:
    PgStmt(PgConn& conn, std::string sql) : conn_(&conn), sql_(std::move(sql)) {}
    PgStmt(const PgStmt&) = delete;
    PgStmt& operator=(const PgStmt&) = delete;
    ~PgStmt();

    void bind_text(int i, std::string_view v);
    void bind_blob(int i, const void* data, std::size_t n);
    void bind_null(int i);
    Result<bool> step();
    void reset();

    std::int64_t i64(int col) const;
    double f64(int col) const;
    std::string text(int col) const;
    std::string blob(int col) const;
    bool is_null(int col) const;

private:
    struct Param {
        std::optional<std::string> value;
        bool binary = false;
    };
    Param& param(int i);
    Status execute();
    const char* cell(int col) const;

    PgConn* conn_;
    std::string sql_;
    std::vector<Param> params_;
    pg_result* res_ = nullptr;
    int row_ = -1, rows_ = 0;
};

class PgConn {
public:
    // Connects; a read-only connection runs every transaction read-only.
    static Result<std::unique_ptr<PgConn>> connect(const std::string& url, bool read_only);
    PgConn(const PgConn&) = delete;
    PgConn& operator=(const PgConn&) = delete;
    ~PgConn();

    Status exec(std::string_view sql);
    std::unique_ptr<PgStmt> prepare(std::string_view sql);
    std::int64_t last_insert_rowid() const { return last_id_; }
    int changes() const { return changes_; }
    const std::string& name() const { return name_; }
    // COPY of tab-separated text rows (COPY's text format), or with `binary` of rows in the
    // binary format (PgBinaryRows: the header and trailer are added here), into `table`'s
    // `columns`, merged with INSERT OR REPLACE semantics through a temporary table.
    Status copy_in(std::string_view table, std::string_view columns, const std::string& rows,
                   bool binary = false);
    // COPY of such rows into `table`'s `columns` as they are (no merge).
    Status copy_rows(std::string_view table, std::string_view columns, const std::string& rows,
                     bool binary = false);
    // Both, of rows made in pieces (Db::CopySource): each piece goes to the server as soon as
    // it is made, so the server stores the first rows while the next are being made.
    using CopySource = std::function<bool(std::string_view& piece)>;
    Status copy_in(std::string_view table, std::string_view columns, const CopySource& source,
                   bool binary);
    Status copy_rows(std::string_view table, std::string_view columns, const CopySource& source,
                     bool binary);

    // For PgStmt: runs one translated statement, records changes and the id an INSERT made.
    Result<pg_result*> run(const std::string& sql, const std::vector<const char*>& values,
                           const std::vector<int>& lengths, const std::vector<int>& formats,
                           const std::vector<unsigned>& types);
    Error error(std::string_view what, const pg_result* res) const;
    // "INSERT INTO t" on a table whose id is an identity column: RETURNING id is added.
    std::string with_returning(std::string sql) const;

private:
    PgConn(pg_conn* c, std::string name) : conn_(c), name_(std::move(name)) {}
    Status load_identity_tables();
    Status exec_translated(const std::string& sql);
    bool put_copy_data(std::string_view bytes);
    Status savepoint(const std::string& sql, bool& handled);
    void note_result(pg_result* res);

    pg_conn* conn_;
    std::string name_;
    std::unordered_set<std::string> identity_tables_;
    std::string implicit_savepoint_; // a SAVEPOINT that began the transaction itself
    std::int64_t last_id_ = 0;
    int changes_ = 0;
};

} // namespace tl::catalog
