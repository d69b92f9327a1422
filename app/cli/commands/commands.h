#pragma once
// One function per command group; each appends its commands to the registry.
#include "context.h"

namespace tl::cli {
void add_status_commands(Registry& r);
void add_demo_commands(Registry& r);
void add_library_commands(Registry& r);
void add_drive_commands(Registry& r);
void add_backup_commands(Registry& r);
void add_jobs_commands(Registry& r);
void add_volume_commands(Registry& r);
void add_restore_commands(Registry& r);
void add_bench_commands(Registry& r);
void add_plan_commands(Registry& r);
int exit_code_for_job_status(const std::string& status);
} // namespace tl::cli
