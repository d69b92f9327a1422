#pragma once
// The status figures of a data directory's catalog, read on any connection: what
// Engine::status() returns, and what the service reads on a request's own connection.
#include <string>

#include "context/engine.h"

namespace tl {

Result<EngineStatus> read_engine_status(catalog::Db& db, const std::string& home);

} // namespace tl
