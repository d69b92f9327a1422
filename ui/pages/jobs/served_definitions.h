#pragma once
// The job definitions of the Jobs page as the service of the data directory holds them, each
// with its schedules, read through the typed door (GET /v1/definitions,
// client::Api::definitions), and what the definition dialog checks a definition against (the
// service's pools and libraries). Blocking: call them on a worker thread.
#include <QStringList>
#include <vector>

#include "bridge/typed_door.h"
#include "client/definitions.h"
#include "client/libraries.h"

namespace tl::ui {

// Its error (logged once) when the service cannot answer.
Result<std::vector<client::Definition>> readDefinitions(const DoorAddress& door);

// The pools a definition may write to and the libraries whose drives it may take.
struct DefinitionChoices {
    QStringList pools;                      // by name
    std::vector<client::Library> libraries; // in creation order: the first is the default
    QStringList clients;                    // the agents added (client list), by name
};

// GET /v1/pools, /v1/libraries and /v1/clients; the error (logged once) when the service cannot
// answer.
Result<DefinitionChoices> readDefinitionChoices(const DoorAddress& door);

} // namespace tl::ui
