// The composition root of the engine's layers (docs/ARCHITECTURE.md "The engine's layers"):
// Engine::open is the jobs' engine (job/engine_start.h) with the agent's clients
// (agent/remote_clients.h), the one implementation of the job layer's interface that lives
// above it. Every program and every layer above this one opens its Engine here; the layers
// below get one.
#include "agent/remote_clients.h"
#include "context/engine.h"
#include "job/engine_start.h"

namespace tl {

Result<std::unique_ptr<Engine>> Engine::open(const EngineOptions& options) {
    return job::open_engine(options, agent::make_remote_clients());
}

} // namespace tl
