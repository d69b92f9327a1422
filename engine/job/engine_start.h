#pragma once
// An Engine as the jobs need it (docs/ARCHITECTURE.md "The engine's layers"): the context
// opened (context/engine_context.h), and on an engine that holds the data directory the
// start-up work of the layers up to the jobs: a catalog without a library gets the virtual one,
// jobs left running by a process that died are marked failed, and its half-made clones are
// removed (job/clone_recovery.h). Engine::open (assembly/engine_open.cpp) is this with the
// agent's clients; catalog recovery opens its working engine with none.
#include <memory>

#include "context/engine.h"

namespace tl::job {

class RemoteClients;

Result<std::unique_ptr<Engine>> open_engine(const EngineOptions& options,
                                            std::shared_ptr<const RemoteClients> remote_clients);

} // namespace tl::job
