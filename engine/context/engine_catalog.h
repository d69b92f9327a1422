#pragma once
// Engine-internal (not in cmake/engine_public_headers.txt): the catalog connection behind an
// Engine or a CatalogHandle, for engine code only. app/ and ui/ reach the catalog through the
// typed operations of engine/api/*_ops.h, which take a CatalogHandle (or an Engine).
#include "catalog/db.h"
#include "context/catalog_handle.h"
#include "context/engine.h"

namespace tl {

// The calling thread's own catalog connection of `engine` (opened on its first call, kept by
// the Engine until it closes or the thread calls Engine::release_catalog), so that Db's
// one-thread contract holds for every job thread.
catalog::Db& engine_catalog(Engine& engine);
// The connection a handle stands for.
catalog::Db& catalog_db(const CatalogHandle& handle);

} // namespace tl
