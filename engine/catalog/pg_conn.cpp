#include "catalog/pg_conn.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <libpq-fe.h>

#include "catalog/dialect.h"
#include "catalog/pg_copy_binary.h"
#include "catalog/pg_text.h"

namespace tl::catalog {

namespace {
constexpr Oid kByteaOid = 17;

// A source of COPY data that gives `rows` in one piece.
PgConn::CopySource whole(const std::string& rows) {
    return [&rows](std::string_view& piece) {
        piece = rows;
        return false;
    };
}

bool ok_status(const PGresult* r) {
    const auto s = PQresultStatus(r);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
}

ErrorKind kind_of(const char* state) {
    const std::string s = state ? state : "";
    if (s.rfind("23", 0) == 0) return ErrorKind::AlreadyExists;
    if (s == "40001" || s == "40P01" || s == "55P03") return ErrorKind::Busy;
    if (s == "25006") return ErrorKind::Unsupported;
    return ErrorKind::Io;
}
} // namespace

bool is_postgres_url(std::string_view location) {
    return location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0;
}

std::string redact_url(std::string_view location) {
    std::string s(location);
    const auto scheme = s.find("://");
    if (scheme != std::string::npos) {
        const auto host_end = s.find_first_of("/?", scheme + 3);
        const auto at = s.rfind('@', host_end == std::string::npos ? s.size() : host_end);
        if (at != std::string::npos && at > scheme) {
            const auto colon = s.find(':', scheme + 3);
            if (colon != std::string::npos && colon < at) s.erase(colon, at - colon);
        }
    }
    for (auto p = s.find("password="); p != std::string::npos; p = s.find("password=")) {
        auto end = s.find('&', p);
        const bool first = p > 0 && s[p - 1] == '?';
        if (end == std::string::npos)
            s.erase(first ? p : p - 1);
        else
            s.erase(p, end + 1 - p);
    }
    return s;
}

Result<std::unique_ptr<PgConn>> PgConn::connect(const std::string& url, bool read_only) {
    const std::string name = redact_url(url);
    PGconn* c = PQconnectdb(url.c_str());
    if (!c) return make_error(ErrorKind::Io, "catalog " + name + ": cannot connect: no memory");
    if (PQstatus(c) != CONNECTION_OK) {
        std::string msg = PQerrorMessage(c);
        while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' '))
            msg.pop_back();
        PQfinish(c);
        const bool url_error =
            msg.find("invalid") != std::string::npos && msg.find("URI") != std::string::npos;
        return make_error(url_error ? ErrorKind::InvalidArgument : ErrorKind::Io,
                          "catalog " + name + ": cannot connect to the PostgreSQL server: " + msg +
                              "; check that the server runs and that the URL names the right "
                              "host, user, password and database");
    }
    PQsetNoticeProcessor(
        c, [](void*, const char*) {}, nullptr);
    std::unique_ptr<PgConn> conn(new PgConn(c, name));
    TL_TRY(conn->exec_translated("SET client_min_messages=warning"));
    if (read_only) TL_TRY(conn->exec_translated("SET default_transaction_read_only=on"));
    TL_TRY(conn->load_identity_tables());
    return conn;
}

PgConn::~PgConn() {
    PQfinish(conn_);
}

Error PgConn::error(std::string_view what, const PGresult* res) const {
    const char* state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
    std::string msg = res ? PQresultErrorMessage(res) : PQerrorMessage(conn_);
    if (msg.empty()) msg = PQerrorMessage(conn_);
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' '))
        msg.pop_back();
    const ErrorKind kind = kind_of(state);
    if (kind == ErrorKind::Unsupported)
        return make_error(kind, "catalog " + name_ +
                                    " was opened read-only by a command that only reads, and "
                                    "cannot write (" +
                                    std::string(what) + ": " + msg + ")");
    return make_error(kind, "catalog " + name_ + ": " + std::string(what) + ": " + msg);
}

Status PgConn::load_identity_tables() {
    PGresult* r = PQexec(conn_, "SELECT table_name FROM information_schema.columns WHERE "
                                "table_schema = current_schema() AND column_name = 'id' AND "
                                "is_identity = 'YES'");
    if (!ok_status(r)) {
        Error e = error("read the schema", r);
        PQclear(r);
        return e;
    }
    identity_tables_.clear();
    for (int i = 0; i < PQntuples(r); ++i)
        identity_tables_.insert(PQgetvalue(r, i, 0));
    PQclear(r);
    return {};
}

std::string PgConn::with_returning(std::string sql) const {
    if (sql.rfind("INSERT INTO ", 0) != 0 || sql.find("RETURNING") != std::string::npos) return sql;
    std::size_t e = 12;
    while (e < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[e])) || sql[e] == '_'))
        ++e;
    if (!identity_tables_.count(sql.substr(12, e - 12))) return sql;
    while (!sql.empty() &&
           (std::isspace(static_cast<unsigned char>(sql.back())) || sql.back() == ';'))
        sql.pop_back();
    return sql + " RETURNING id";
}

void PgConn::note_result(PGresult* res) {
    const char* status = PQcmdStatus(res);
    if (std::strncmp(status, "INSERT", 6) == 0 || std::strncmp(status, "UPDATE", 6) == 0 ||
        std::strncmp(status, "DELETE", 6) == 0)
        changes_ = std::atoi(PQcmdTuples(res));
}

Status PgConn::exec_translated(const std::string& sql) {
    PGresult* r = PQexec(conn_, sql.c_str());
    if (!ok_status(r)) {
        Error e = error(sql.substr(0, 80), r);
        PQclear(r);
        return e;
    }
    note_result(r);
    PQclear(r);
    return {};
}

// SQLite's SAVEPOINT outside a transaction begins one; PostgreSQL's needs one begun.
Status PgConn::savepoint(const std::string& sql, bool& handled) {
    handled = false;
    if (sql.rfind("SAVEPOINT ", 0) == 0 && PQtransactionStatus(conn_) == PQTRANS_IDLE) {
        handled = true;
        TL_TRY(exec_translated("BEGIN"));
        implicit_savepoint_ = sql.substr(10);
        return exec_translated(sql);
    }
    if (sql.rfind("RELEASE ", 0) == 0 && !implicit_savepoint_.empty() &&
        sql.substr(8) == implicit_savepoint_) {
        handled = true;
        implicit_savepoint_.clear();
        if (PQtransactionStatus(conn_) == PQTRANS_INERROR) return exec_translated("ROLLBACK");
        return exec_translated("COMMIT");
    }
    return {};
}

Status PgConn::exec(std::string_view sql) {
    const std::string s = dialect::to_postgres(sql);
    bool handled = false;
    TL_TRY(savepoint(s, handled));
    if (handled) return {};
    TL_TRY(exec_translated(s));
    if (s.find("CREATE TABLE") != std::string::npos) TL_TRY(load_identity_tables());
    return {};
}

std::unique_ptr<PgStmt> PgConn::prepare(std::string_view sql) {
    return std::make_unique<PgStmt>(*this, with_returning(dialect::to_postgres(sql)));
}

Result<PGresult*> PgConn::run(const std::string& sql, const std::vector<const char*>& values,
                              const std::vector<int>& lengths, const std::vector<int>& formats,
                              const std::vector<unsigned>& types) {
    PGresult* r = PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), types.data(),
                               values.data(), lengths.data(), formats.data(), 0);
    if (!ok_status(r)) {
        Error e = error(sql.substr(0, 80), r);
        PQclear(r);
        return e;
    }
    note_result(r);
    const bool returns_id =
        sql.size() > 13 && sql.compare(sql.size() - 13, 13, " RETURNING id") == 0;
    if (returns_id && PQntuples(r) > 0) last_id_ = std::strtoll(PQgetvalue(r, 0, 0), nullptr, 10);
    return r;
}

Status PgConn::copy_in(std::string_view table, std::string_view columns, const std::string& rows,
                       bool binary) {
    return copy_in(table, columns, whole(rows), binary);
}

Status PgConn::copy_in(std::string_view table, std::string_view columns, const CopySource& source,
                       bool binary) {
    const std::string load = "tl_load_" + std::string(table);
    TL_TRY(exec_translated("CREATE TEMP TABLE IF NOT EXISTS " + load + " (LIKE " +
                           std::string(table) + ")"));
    TL_TRY(copy_rows(load, columns, source, binary));
    TL_TRY(exec_translated(dialect::upsert_from(table, columns, load)));
    return exec_translated("TRUNCATE " + load);
}

bool PgConn::put_copy_data(std::string_view bytes) {
    return bytes.empty() || PQputCopyData(conn_, bytes.data(), static_cast<int>(bytes.size())) == 1;
}

Status PgConn::copy_rows(std::string_view table, std::string_view columns, const std::string& rows,
                         bool binary) {
    return copy_rows(table, columns, whole(rows), binary);
}

// libpq sends what PQputCopyData is given as soon as 8 KiB or more are buffered (blocking while
// the socket is full, i.e. while the server is behind), so each piece reaches the server while
// the source makes the next. A server error ends the COPY early: PQputCopyData fails, and the
// error comes back from PQgetResult.
Status PgConn::copy_rows(std::string_view table, std::string_view columns, const CopySource& source,
                         bool binary) {
    const std::string copy =
        dialect::to_postgres("COPY " + std::string(table) + "(" + std::string(columns) +
                             ") FROM STDIN" + (binary ? " (FORMAT binary)" : ""));
    PGresult* r = PQexec(conn_, copy.c_str());
    const bool in = PQresultStatus(r) == PGRES_COPY_IN;
    if (!in) {
        Error e = error(copy, r);
        PQclear(r);
        return e;
    }
    PQclear(r);
    bool sent = !binary || put_copy_data(PgBinaryRows::header());
    for (bool more = true; sent && more;) {
        std::string_view piece;
        more = source(piece);
        sent = put_copy_data(piece);
    }
    if (sent && binary) sent = put_copy_data(PgBinaryRows::trailer());
    PQputCopyEnd(conn_, sent ? nullptr : "the catalog writer could not send its rows");
    Status st;
    while ((r = PQgetResult(conn_)) != nullptr) {
        if (st.ok() && !ok_status(r)) st = error(copy, r);
        PQclear(r);
    }
    return st;
}

PgStmt::~PgStmt() {
    PQclear(res_);
}

PgStmt::Param& PgStmt::param(int i) {
    if (static_cast<int>(params_.size()) < i) params_.resize(static_cast<std::size_t>(i));
    return params_[static_cast<std::size_t>(i - 1)];
}

void PgStmt::bind_text(int i, std::string_view v) {
    param(i) = Param{to_pg_text(v), false};
}
void PgStmt::bind_blob(int i, const void* data, std::size_t n) {
    param(i) = Param{std::string(static_cast<const char*>(data), n), true};
}
void PgStmt::bind_null(int i) {
    param(i) = Param{std::nullopt, false};
}

Status PgStmt::execute() {
    std::vector<const char*> values;
    std::vector<int> lengths, formats;
    std::vector<unsigned> types;
    for (const auto& p : params_) {
        values.push_back(p.value ? p.value->data() : nullptr);
        lengths.push_back(p.value ? static_cast<int>(p.value->size()) : 0);
        formats.push_back(p.binary ? 1 : 0);
        types.push_back(p.binary ? kByteaOid : 0);
    }
    auto r = conn_->run(sql_, values, lengths, formats, types);
    if (!r) return r.error();
    res_ = r.value();
    const bool returns_id =
        sql_.size() > 13 && sql_.compare(sql_.size() - 13, 13, " RETURNING id") == 0;
    rows_ = returns_id ? 0 : PQntuples(res_);
    row_ = -1;
    return {};
}

Result<bool> PgStmt::step() {
    if (!res_) TL_TRY(execute());
    if (row_ + 1 >= rows_) {
        row_ = rows_;
        return false;
    }
    ++row_;
    return true;
}

void PgStmt::reset() {
    PQclear(res_);
    res_ = nullptr;
    row_ = -1;
    rows_ = 0;
    params_.clear();
}

const char* PgStmt::cell(int col) const {
    if (!res_ || row_ < 0 || row_ >= rows_ || col >= PQnfields(res_)) return nullptr;
    if (PQgetisnull(res_, row_, col)) return nullptr;
    return PQgetvalue(res_, row_, col);
}

std::int64_t PgStmt::i64(int col) const {
    const char* v = cell(col);
    if (!v) return 0;
    if (v[0] == 't' && v[1] == 0) return 1;
    if (v[0] == 'f' && v[1] == 0) return 0;
    if (std::strpbrk(v, ".eE")) return static_cast<std::int64_t>(std::strtod(v, nullptr));
    return std::strtoll(v, nullptr, 10);
}
double PgStmt::f64(int col) const {
    const char* v = cell(col);
    return v ? std::strtod(v, nullptr) : 0.0;
}
std::string PgStmt::text(int col) const {
    const char* v = cell(col);
    return v ? from_pg_text(
                   std::string_view(v, static_cast<std::size_t>(PQgetlength(res_, row_, col))))
             : std::string();
}
std::string PgStmt::blob(int col) const {
    const char* v = cell(col);
    if (!v) return {};
    if (PQftype(res_, col) != kByteaOid) return text(col);
    std::size_t n = 0;
    unsigned char* raw = PQunescapeBytea(reinterpret_cast<const unsigned char*>(v), &n);
    std::string out(reinterpret_cast<const char*>(raw), n);
    PQfreemem(raw);
    return out;
}
bool PgStmt::is_null(int col) const {
    return cell(col) == nullptr;
}

} // namespace tl::catalog
