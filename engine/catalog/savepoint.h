#pragma once
// A savepoint: its own transaction when none is open, nested in the caller's otherwise. Rolled
// back on destruction unless released. For writes that must hold together whether or not the
// caller already began a transaction (a volume's state and its history row).
#include <string>

#include "catalog/db.h"

namespace tl::catalog {

class Savepoint {
public:
    explicit Savepoint(Db& db, std::string name = "media_change");
    Savepoint(const Savepoint&) = delete;
    Savepoint& operator=(const Savepoint&) = delete;
    ~Savepoint();
    Status release();

private:
    Db& db_;
    std::string name_;
    bool ok_ = false, done_ = false;
};

} // namespace tl::catalog
