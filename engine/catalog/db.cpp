#include "catalog/db.h"

#include "catalog/pg_conn.h"
#include "catalog/schema.h"

#include <cstdio>

#include <fcntl.h>
#include <unistd.h>

#include <sqlite3.h>

namespace tl::catalog {

namespace {
Error sql_error(sqlite3* db, const std::string& path, std::string_view what) {
    const int code = db ? sqlite3_extended_errcode(db) : SQLITE_ERROR;
    const char* msg = db ? sqlite3_errmsg(db) : "out of memory";
    ErrorKind kind = ErrorKind::Io;
    if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED) kind = ErrorKind::Busy;
    if ((code & 0xff) == SQLITE_CORRUPT || (code & 0xff) == SQLITE_NOTADB)
        kind = ErrorKind::Corrupt;
    if ((code & 0xff) == SQLITE_CONSTRAINT) kind = ErrorKind::AlreadyExists;
    if ((code & 0xff) == SQLITE_READONLY)
        return make_error(
            ErrorKind::Unsupported,
            "catalog " + path +
                " was opened read-only by a command that only "
                "reads, and cannot write (" +
                std::string(what) + ": " + msg +
                "); a command that changes the catalog takes the data directory's lock");
    return make_error(kind, "catalog " + path + ": " + std::string(what) + ": " + msg);
}
} // namespace

Stmt::Stmt(sqlite3_stmt* s, std::string db_path) : s_(s), path_(std::move(db_path)) {}
void PgConnDelete::operator()(PgConn* c) const {
    delete c;
}
void PgStmtDelete::operator()(PgStmt* s) const {
    delete s;
}

Stmt::Stmt(PgStmtPtr pg) : pg_(std::move(pg)) {}
Stmt::Stmt(Stmt&& o) noexcept : s_(o.s_), path_(std::move(o.path_)), pg_(std::move(o.pg_)) {
    o.s_ = nullptr;
}
Stmt& Stmt::operator=(Stmt&& o) noexcept {
    if (this != &o) {
        sqlite3_finalize(s_);
        s_ = o.s_;
        path_ = std::move(o.path_);
        pg_ = std::move(o.pg_);
        o.s_ = nullptr;
    }
    return *this;
}
Stmt::~Stmt() {
    sqlite3_finalize(s_);
}

Stmt& Stmt::bind(int i, std::int64_t v) {
    if (pg_)
        pg_->bind_text(i, std::to_string(v));
    else
        sqlite3_bind_int64(s_, i, v);
    return *this;
}
Stmt& Stmt::bind(int i, double v) {
    if (pg_) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", v);
        pg_->bind_text(i, buf);
    } else {
        sqlite3_bind_double(s_, i, v);
    }
    return *this;
}
Stmt& Stmt::bind(int i, std::string_view v) {
    if (pg_)
        pg_->bind_text(i, v);
    else
        sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
}
Stmt& Stmt::bind_blob(int i, const void* data, std::size_t n) {
    if (pg_)
        pg_->bind_blob(i, data, n);
    else
        sqlite3_bind_blob(s_, i, data, static_cast<int>(n), SQLITE_TRANSIENT);
    return *this;
}
Stmt& Stmt::bind_null(int i) {
    if (pg_)
        pg_->bind_null(i);
    else
        sqlite3_bind_null(s_, i);
    return *this;
}

Result<bool> Stmt::step() {
    if (pg_) return pg_->step();
    const int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    Error e = sql_error(sqlite3_db_handle(s_), path_, sqlite3_sql(s_));
    sqlite3_reset(s_);
    return e;
}

Status Stmt::run() {
    for (;;) {
        auto r = step();
        if (!r) return r.error();
        if (!r.value()) break;
    }
    reset();
    return {};
}

void Stmt::reset() {
    if (pg_) return pg_->reset();
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
}

std::int64_t Stmt::i64(int col) const {
    if (pg_) return pg_->i64(col);
    return sqlite3_column_int64(s_, col);
}
double Stmt::f64(int col) const {
    if (pg_) return pg_->f64(col);
    return sqlite3_column_double(s_, col);
}
std::string Stmt::text(int col) const {
    if (pg_) return pg_->text(col);
    const auto* p = sqlite3_column_text(s_, col);
    return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(s_, col))
             : std::string();
}
void Stmt::text_into(int col, std::string& out) const {
    if (pg_) {
        out = pg_->text(col);
        return;
    }
    const auto* p = sqlite3_column_text(s_, col);
    if (p)
        out.assign(reinterpret_cast<const char*>(p),
                   static_cast<std::size_t>(sqlite3_column_bytes(s_, col)));
    else
        out.clear();
}
std::string Stmt::blob(int col) const {
    if (pg_) return pg_->blob(col);
    const void* p = sqlite3_column_blob(s_, col);
    return p ? std::string(static_cast<const char*>(p), sqlite3_column_bytes(s_, col))
             : std::string();
}
bool Stmt::is_null(int col) const {
    if (pg_) return pg_->is_null(col);
    return sqlite3_column_type(s_, col) == SQLITE_NULL;
}

Db::Db(sqlite3* db, std::string path, bool read_only)
    : db_(db), path_(std::move(path)), name_(path_), read_only_(read_only) {}
Db::Db(PgConnPtr pg, std::string url, bool read_only)
    : pg_(std::move(pg)), path_(std::move(url)), name_(redact_url(path_)), read_only_(read_only) {}

Result<Db> Db::open_postgres(const std::string& url, bool read_only) {
    auto conn = PgConn::connect(url, read_only);
    if (!conn) return conn.error();
    return Db(PgConnPtr(conn.value().release()), url, read_only);
}

namespace {
// A new catalog file is made 0600 before SQLite opens it (an empty file is a new database):
// it names every backed-up file, and SQLite gives its -wal and -shm the file's mode.
void create_private_file(const std::string& path) {
    if (path.empty() || path.front() == ':' || path.rfind("file:", 0) == 0) return;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) ::close(fd);
}
} // namespace

Result<Db> Db::open(const std::string& path, bool create) {
    if (is_postgres_url(path)) return open_postgres(path, false);
    if (create) create_private_file(path);
    sqlite3* db = nullptr;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
        Error e = sql_error(db, path, "open");
        sqlite3_close(db);
        return e;
    }
    Db out(db, path);
    // Several jobs write at once (each thread has its own connection, write transactions are
    // BEGIN IMMEDIATE): a writer waits up to a minute for another's commit rather than failing.
    sqlite3_busy_timeout(db, 60000);
    // Connection settings only: nothing here writes to the file.
    TL_TRY(out.exec("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;"));
    // A file that is not a database shows up on the first read, not on open. Another program's
    // database is left exactly as it is (migrate() refuses it): WAL mode, which rewrites the
    // header and adds -wal/-shm files, is switched on only for our own catalog or a new file.
    auto app = out.scalar("PRAGMA application_id");
    if (!app) return app.error();
    auto tables = out.scalar("SELECT count(*) FROM sqlite_master");
    if (!tables) return tables.error();
    if (app.value() == kApplicationId || tables.value() == 0)
        TL_TRY(out.exec("PRAGMA journal_mode=WAL"));
    return out;
}

Result<Db> Db::open(const std::string& path, Access access) {
    if (access == Access::ReadWrite) return open(path, false);
    if (is_postgres_url(path)) return open_postgres(path, true);
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
        Error e = sql_error(db, path, "open read-only");
        if (db && (sqlite3_errcode(db) & 0xff) == SQLITE_CANTOPEN) e.kind = ErrorKind::NotFound;
        sqlite3_close(db);
        return e;
    }
    Db out(db, path, true);
    sqlite3_busy_timeout(db, 10000);
    TL_TRY(out.exec("PRAGMA foreign_keys=ON"));
    return out;
}

Db::Db(Db&& o) noexcept
    : db_(o.db_), pg_(std::move(o.pg_)), path_(std::move(o.path_)), name_(std::move(o.name_)),
      read_only_(o.read_only_) {
    o.db_ = nullptr;
}
Db& Db::operator=(Db&& o) noexcept {
    if (this != &o) {
        sqlite3_close(db_);
        db_ = o.db_;
        pg_ = std::move(o.pg_);
        path_ = std::move(o.path_);
        name_ = std::move(o.name_);
        read_only_ = o.read_only_;
        o.db_ = nullptr;
    }
    return *this;
}
Db::~Db() {
    sqlite3_close(db_);
}

Status Db::exec(std::string_view sql) {
    if (pg_) return pg_->exec(sql);
    std::string s(sql);
    char* err = nullptr;
    if (sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        Error e = sql_error(db_, path_, s.substr(0, 80));
        sqlite3_free(err);
        return e;
    }
    return {};
}

Result<Stmt> Db::prepare(std::string_view sql) {
    if (pg_) return Stmt(PgStmtPtr(pg_->prepare(sql).release()));
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &s, nullptr) != SQLITE_OK)
        return sql_error(db_, path_, std::string("prepare ") + std::string(sql.substr(0, 80)));
    return Stmt(s, path_);
}

std::int64_t Db::last_insert_rowid() const {
    if (pg_) return pg_->last_insert_rowid();
    return sqlite3_last_insert_rowid(db_);
}
int Db::changes() const {
    if (pg_) return pg_->changes();
    return sqlite3_changes(db_);
}

Status Db::copy_in(std::string_view table, std::string_view columns, const std::string& rows,
                   CopyFormat format) {
    if (!pg_)
        return make_error(ErrorKind::Unsupported, "catalog " + name_ + ": COPY is PostgreSQL's");
    return pg_->copy_in(table, columns, rows, format == CopyFormat::binary);
}

Status Db::copy_rows(std::string_view table, std::string_view columns, const std::string& rows,
                     CopyFormat format) {
    if (!pg_)
        return make_error(ErrorKind::Unsupported, "catalog " + name_ + ": COPY is PostgreSQL's");
    return pg_->copy_rows(table, columns, rows, format == CopyFormat::binary);
}

Status Db::copy_in(std::string_view table, std::string_view columns, const CopySource& source,
                   CopyFormat format) {
    if (!pg_)
        return make_error(ErrorKind::Unsupported, "catalog " + name_ + ": COPY is PostgreSQL's");
    return pg_->copy_in(table, columns, source, format == CopyFormat::binary);
}

Status Db::copy_rows(std::string_view table, std::string_view columns, const CopySource& source,
                     CopyFormat format) {
    if (!pg_)
        return make_error(ErrorKind::Unsupported, "catalog " + name_ + ": COPY is PostgreSQL's");
    return pg_->copy_rows(table, columns, source, format == CopyFormat::binary);
}

Result<std::int64_t> Db::scalar(std::string_view sql) {
    auto st = prepare(sql);
    if (!st) return st.error();
    auto row = st->step();
    if (!row) return row.error();
    return row.value() ? st->i64(0) : 0;
}

Result<Transaction> Transaction::begin(Db& db) {
    TL_TRY(db.exec("BEGIN IMMEDIATE"));
    return Transaction(db);
}

Transaction::~Transaction() {
    if (db_) (void)db_->exec("ROLLBACK");
}

Status Transaction::commit() {
    auto st = db_->exec("COMMIT");
    if (st) db_ = nullptr;
    return st;
}

} // namespace tl::catalog
