#pragma once
// A job definition saved beside the service (docs/console.md "Beside the service") as the
// `tapeloom-cli job define|edit` command the service runs: every field as its option.
#include <QString>
#include <optional>

#include "bridge/service_command.h"
#include "schedule/job_definition.h"

namespace tl::ui {

// `job define` of `d` (stored == null) or `job edit` of `d` over `stored`; the include and
// exclude lists are always sent, so an emptied list is stored empty. Nullopt, with `whyNot`,
// for the one change the command cannot express: turning --one-file-system off.
std::optional<ServiceCommand> definitionCommand(const schedule::JobDefinition& d,
                                                const schedule::JobDefinition* stored,
                                                QString* whyNot);

} // namespace tl::ui
