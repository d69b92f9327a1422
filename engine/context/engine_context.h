#pragma once
// Engine-internal (not in cmake/engine_public_headers.txt): the context's part of Engine::open,
// which job/engine_start.h completes for the composition root (assembly/engine_open.cpp).
#include <memory>

#include "context/engine.h"

namespace tl {

// Takes the data directory's lock, sets up the log file and opens the catalog, migrated; a
// read-only engine (EngineOptions::read_only) takes no lock and opens the catalog read-only.
// `remote_clients` is how the engine's backups reach clients' agents (nullptr: none).
Result<std::unique_ptr<Engine>>
open_engine_context(const EngineOptions& options,
                    std::shared_ptr<const job::RemoteClients> remote_clients);

} // namespace tl
