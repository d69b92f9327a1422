#include "catalog/savepoint.h"

namespace tl::catalog {

Savepoint::Savepoint(Db& db, std::string name) : db_(db), name_(std::move(name)) {
    ok_ = db_.exec("SAVEPOINT " + name_).ok();
}

Savepoint::~Savepoint() {
    if (ok_ && !done_) {
        (void)db_.exec("ROLLBACK TO " + name_);
        (void)db_.exec("RELEASE " + name_);
    }
}

Status Savepoint::release() {
    if (!ok_) return make_error(ErrorKind::Io, "catalog " + db_.name() + ": no savepoint");
    done_ = true;
    return db_.exec("RELEASE " + name_);
}

} // namespace tl::catalog
