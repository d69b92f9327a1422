#pragma once
// One function per command group; each appends its commands to the registry.
#include "context.h"

namespace tl::cli {
void add_status_commands(Registry& r);
void add_demo_commands(Registry& r);
} // namespace tl::cli
