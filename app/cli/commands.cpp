#include "commands/commands.h"
#include "context.h"

namespace tl::cli {

Registry all_commands() {
    Registry r;
    add_status_commands(r);
    add_demo_commands(r);
    return r;
}

} // namespace tl::cli
