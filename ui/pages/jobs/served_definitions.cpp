#include "pages/jobs/served_definitions.h"

namespace tl::ui {

Result<std::vector<client::Definition>> readDefinitions(const DoorAddress& door) {
    return readService<std::vector<client::Definition>>(
        door, "job list", [](client::Api& api) { return api.definitions(); });
}

Result<DefinitionChoices> readDefinitionChoices(const DoorAddress& door) {
    return readService<DefinitionChoices>(door, "pool, library and client list",
                                          [](client::Api& api) -> Result<DefinitionChoices> {
                                              auto pools = api.pools();
                                              if (!pools) return pools.error();
                                              auto libraries = api.libraries();
                                              if (!libraries) return libraries.error();
                                              DefinitionChoices c;
                                              for (const auto& p : pools.value())
                                                  c.pools << QString::fromStdString(p.name);
                                              c.libraries = std::move(libraries.value());
                                              auto clients = api.clients();
                                              if (!clients) return clients.error();
                                              for (const auto& a : clients.value())
                                                  c.clients << QString::fromStdString(a.name);
                                              return c;
                                          });
}

} // namespace tl::ui
