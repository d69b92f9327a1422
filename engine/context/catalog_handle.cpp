#include "context/catalog_handle.h"

#include "context/engine_catalog.h"

namespace tl {

CatalogHandle::CatalogHandle(Engine& engine) : db_(&engine_catalog(engine)) {}
CatalogHandle::CatalogHandle(std::unique_ptr<catalog::Db> owned)
    : owned_(std::move(owned)), db_(owned_.get()) {}
CatalogHandle::CatalogHandle(CatalogHandle&& o) noexcept : owned_(std::move(o.owned_)), db_(o.db_) {
    o.db_ = nullptr;
}
CatalogHandle& CatalogHandle::operator=(CatalogHandle&& o) noexcept {
    owned_ = std::move(o.owned_);
    db_ = o.db_;
    o.db_ = nullptr;
    return *this;
}
CatalogHandle::~CatalogHandle() = default;

Result<CatalogHandle> CatalogHandle::open(const std::string& path, bool create) {
    auto db = catalog::Db::open(path, create);
    if (!db) return db.error();
    return CatalogHandle(std::make_unique<catalog::Db>(std::move(db.value())));
}

Result<CatalogHandle> CatalogHandle::open_read_only(const std::string& path) {
    auto db = catalog::Db::open(path, catalog::Access::ReadOnly);
    if (!db) return db.error();
    return CatalogHandle(std::make_unique<catalog::Db>(std::move(db.value())));
}

const std::string& CatalogHandle::name() const {
    return db_->name();
}

catalog::Db& catalog_db(const CatalogHandle& handle) {
    return *handle.db_;
}

} // namespace tl
