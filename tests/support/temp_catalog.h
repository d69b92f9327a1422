#pragma once
// Fresh, migrated catalogs in a temporary directory: one new catalog file per call, so a test
// function starts from the schema alone.
#include <QTemporaryDir>
#include <QtGlobal>
#include <string>
#include <utility>

#include "catalog/db.h"
#include "catalog/schema.h"

namespace tltest {

class TempCatalogs {
public:
    tl::catalog::Db fresh() {
        auto db =
            tl::catalog::Db::open(dir_.path().toStdString() + "/c" + std::to_string(++n_) + ".db");
        if (!db) qFatal("%s", db.error().message.c_str());
        if (auto st = tl::catalog::migrate(db.value()); !st)
            qFatal("%s", st.error().message.c_str());
        return std::move(db.value());
    }

    // The directory the catalogs are in (removed with this object).
    std::string path() const { return dir_.path().toStdString(); }

private:
    QTemporaryDir dir_;
    int n_ = 0;
};

} // namespace tltest
