#pragma once
// app/'s and ui/'s way into the catalog (docs/ARCHITECTURE.md "Dependency rules"): an opaque
// handle the typed operations of engine/api/*_ops.h take. It is either the calling thread's own
// connection of an Engine (made implicitly from `Engine&`, so `media::prune(engine, ...)` reads
// as it says) or a connection of its own, opened by path for a background read. The connection
// itself (catalog::Db, statements, transactions) stays inside the engine.
// Thread-safety: one handle on one thread; an Engine's handle belongs to the thread that made it.
#include <memory>
#include <string>

#include "common/result.h"

namespace tl {

class Engine;
namespace catalog {
class Db;
}

class CatalogHandle {
public:
    // The calling thread's connection of `engine` (Engine's own per-thread connection).
    CatalogHandle(Engine& engine); // NOLINT(google-explicit-constructor): engine reads as catalog
    // A connection of its own to the catalog at `path` (a file or a postgresql:// URL), creating
    // the file when asked; closed with the handle.
    static Result<CatalogHandle> open(const std::string& path, bool create = true);
    // As open(), read-only: NotFound when the file is missing; every write fails.
    static Result<CatalogHandle> open_read_only(const std::string& path);
    CatalogHandle(CatalogHandle&& o) noexcept;
    CatalogHandle& operator=(CatalogHandle&& o) noexcept;
    CatalogHandle(const CatalogHandle&) = delete;
    CatalogHandle& operator=(const CatalogHandle&) = delete;
    ~CatalogHandle();

    // The catalog as messages name it: the path, or the URL without its password.
    const std::string& name() const;

private:
    explicit CatalogHandle(std::unique_ptr<catalog::Db> owned);
    friend catalog::Db& catalog_db(const CatalogHandle& handle);
    std::unique_ptr<catalog::Db> owned_;
    catalog::Db* db_ = nullptr;
};

} // namespace tl
