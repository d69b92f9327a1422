#include "pages/jobs/served_definitions.h"

namespace tl::ui {

Result<std::vector<client::Definition>> readDefinitions(const DoorAddress& door) {
    return readService<std::vector<client::Definition>>(
        door, "job list", [](client::Api& api) { return api.definitions(); });
}

} // namespace tl::ui
