#include "commands/commands.h"
#include "context.h"

namespace tl::cli {

Registry local_commands() {
    Registry r;
    add_status_commands(r);
    add_demo_commands(r);
    add_library_commands(r);
    add_drive_commands(r);
    add_backup_commands(r);
    add_jobs_commands(r);
    add_scheduling_commands(r);
    add_volume_commands(r);
    add_pool_commands(r);
    add_key_commands(r);
    add_prune_commands(r);
    add_clone_commands(r);
    add_restore_commands(r);
    add_bench_commands(r);
    add_plan_commands(r);
    add_monitor_commands(r);
    add_report_commands(r);
    add_catalog_commands(r);
    add_service_commands(r);
    add_events_commands(r);
    add_token_commands(r);
    add_audit_commands(r);
    add_client_commands(r);
    return r;
}

Registry all_commands() {
    Registry r = local_commands();
    route_backup_through_service(r);
    route_commands_through_service(r);
    return r;
}

} // namespace tl::cli
