#pragma once
// The job definitions of the Jobs page as the service of the data directory holds them, each
// with its schedules, read through the typed door (GET /v1/definitions,
// client::Api::definitions). Blocking: call it on a worker thread.
#include <vector>

#include "bridge/typed_door.h"
#include "client/definitions.h"

namespace tl::ui {

// Its error (logged once) when the service cannot answer.
Result<std::vector<client::Definition>> readDefinitions(const DoorAddress& door);

} // namespace tl::ui
