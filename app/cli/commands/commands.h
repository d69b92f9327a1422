#pragma once
// One function per command group; each appends its commands to the registry.
#include <optional>

#include "agent/client_verify.h"
#include "client/api.h"
#include "client/service_client.h"
#include "context.h"
#include "device/device_registry.h"
#include "job/clone_job.h"
#include "job/restore_job.h"
#include "job/restore_selection.h"
#include "job/verify_job.h"
#include "media/pool.h"
#include "service/task_board.h"

namespace tl::cli {
void add_status_commands(Registry& r);
void add_demo_commands(Registry& r);
void add_library_commands(Registry& r);
void add_library_fault_commands(Registry& r); // library_fault.cpp, via add_library_commands
void add_drive_commands(Registry& r);
void add_backup_commands(Registry& r);
void add_jobs_commands(Registry& r);
void add_volume_commands(Registry& r);
void add_restore_commands(Registry& r);
void add_bench_commands(Registry& r);
void add_plan_commands(Registry& r);
void add_monitor_commands(Registry& r);
void add_report_commands(Registry& r);
void add_pool_commands(Registry& r);          // pool.cpp
void add_prune_commands(Registry& r);         // prune.cpp
void add_clone_commands(Registry& r);         // clone.cpp
void add_volume_media_commands(Registry& r);  // volume_media.cpp, via add_volume_commands
void add_volume_health_commands(Registry& r); // volume_health.cpp, via add_volume_commands
void add_scheduling_commands(Registry& r);
void add_key_commands(Registry& r); // key create|list|export|import (key.cpp)   // job, schedule,
                                    // queue, serve (schedule.cpp)
int exit_code_for_job_status(const std::string& status);
void add_service_commands(Registry& r); // service start|stop|status (service.cpp)
// Starts the service of `home` detached (`service start`'s child: --max-jobs and --log-level
// of `args` passed on) and waits until it answers: its pid, or that of the service another
// command started at the same time (service_spawn.cpp). When it cannot start, the error is
// the service's own message, naming the log, with a kind whose exit code is the service's.
Result<long> start_service_process(const std::string& home, const Args& args);
// A client of the service of ctx.home(): the running one, or (autostart, docs/api.md) one
// started now and said so on stderr; with --no-autostart, NotFound saying how to start it.
Result<std::unique_ptr<client::ServiceClient>> connect_or_start(Context& ctx);
void add_events_commands(Registry& r); // events (events.cpp)
void add_token_commands(Registry& r);  // token add|list|remove (token.cpp)
void add_audit_commands(Registry& r);  // audit (audit.cpp)
// The service a command talks to: the data directory's, or the remote one of --connect
// (service_link.cpp).
std::unique_ptr<client::ServiceClient> client_for(const Context& ctx);
// --connect https://..., with --token or $TAPELOOM_TOKEN; --token and --ca-cert only with it.
Status check_remote_options(const Args& a);
// The commands that work with --connect: those that are calls of the API.
bool works_remotely(const std::vector<std::string>& path);
// `backup` goes through the service when one runs (backup_through_service.cpp).
void route_backup_through_service(Registry& r);
// Every command but those that run here goes to the service (commands_through_service.cpp):
// actions and writes as tasks, reads as queries; service_actions() and service_queries() are
// how the service runs them (the commands of local_commands() on its engine).
void route_commands_through_service(Registry& r);
service::TaskTable service_actions();
service::TaskTable service_queries();
// The commands that always run in this process, service or not (docs/service.md).
bool runs_here(const std::vector<std::string>& path);
// The service a routed command goes to: the running one (or --connect's); none running, one
// started now (autostart, said on stderr); nullptr when the command is to run here
// ($TAPELOOM_AUTOSTART=0); NotFound saying how to start one with --no-autostart.
Result<std::unique_ptr<client::ServiceClient>> reach_service(Context& ctx);
// `files ls` through the service: the directory read in pages (files_through_service.cpp).
int files_ls_through_service(Context& ctx, client::ServiceClient& c);
// What `files ls` prints for its entries (JSON rows as GET /v1/files gives them).
void print_file_list(Context& ctx, const nlohmann::json& entries);
// files ls's and restore's selection options (--job, --saveset, --source, --at, --path,
// --changes-only); InvalidArgument names a bad one.
Result<job::SelectionRequest> selection_from(const Args& a);
// Every command as it runs in this process (all_commands() without the routing to a service).
Registry local_commands();
void add_catalog_commands(Registry& r); // catalog backup|after-jobs, recover-catalog (catalog.cpp)
// After a backup: runs a catalog backup when `catalog after-jobs` is on; returns the exit code.
int catalog_backup_after_job(Context& ctx, Engine& engine, const std::string& job_name,
                             const std::string& status, int exit_code);
void add_client_commands(Registry& r); // client add|list|show|remove (client.cpp)
// The restore's options from its command line: what, where, how (restore.cpp).
Result<job::RestoreOptions> restore_options(const Args& a);
// A finished restore: its report, counts and the files it could not restore (first 30 as text),
// or with --json its document (restore.cpp).
void print_restore_result(Context& ctx, const job::RestoreResult& res);
// `pool add|edit`'s options as the pool's changes (pool.cpp).
Result<media::PoolChanges> pool_changes(const Args& a);
// The commands that go through the service's typed door (client/api.h) instead of running as a
// task there: restore, volume mark, volume label --barcode, volume relabel, pool add|edit, and
// the removals of removal_through_typed_door(). nullopt when this command line still goes as a
// task (restore --wait-for-media, volume label --all-blank).
std::optional<int> through_typed_door(Context& ctx, client::ServiceClient& c,
                                      const std::string& command);
// schedule remove, job remove, pool remove, client remove, volume recycle through the typed
// door (typed_door_removals.cpp); nullopt for any other command.
std::optional<int> removal_through_typed_door(Context& ctx, client::ServiceClient& c,
                                              const std::string& command);
// drive add|remove|clean, library add|remove through the typed door (typed_door_devices.cpp);
// nullopt for any other command.
std::optional<int> device_through_typed_door(Context& ctx, client::ServiceClient& c,
                                             const std::string& command);
// A verify's report, text or --json, and its exit code (volume.cpp); one against the clients'
// files likewise.
int print_verify(Context& ctx, const job::VerifyReport& v);
int print_client_verify(Context& ctx, const agent::ClientVerifyResult& v);
// `clone`'s options from its command line (clone.cpp).
Result<media::CloneOptions> clone_options(const Args& a);
// A job the typed door started, followed until it ended; Ctrl-C asks the service to cancel it
// (typed_door.cpp).
Result<client::Job> follow_job(client::Api& api, std::int64_t job);
// A clone's report (clone.cpp): text, or with --json `document` (the clone's stored report) with
// its rate; the exit code of its status.
int print_clone(Context& ctx, const media::CloneResult& c, const nlohmann::json& document);
// verify and clone through the typed door (typed_door_jobs.cpp): POST /v1/verifications and
// /v1/clones, the job followed until it ended and its report printed as the command run here
// prints it; nullopt for any other command.
std::optional<int> job_through_typed_door(Context& ctx, client::ServiceClient& c,
                                          const std::string& command);
// `library add --virtual`'s options as the library's spec (library.cpp).
Result<device::VirtualLibrarySpec> virtual_library_spec(Context& ctx);
// `library add`'s answer: its --json document ({"name", "kind", "device", "config"}) or its line.
void print_library_added(Context& ctx, const nlohmann::json& added);
// restore's client: --client, else the client job --job backed up (nullopt: this machine).
Result<std::optional<std::string>> restore_client(Context& ctx, Engine& engine);
// restore --job N --to DIR through the client's agent (client.cpp).
Result<job::RestoreResult> restore_to_client(Context& ctx, Engine& engine,
                                             const std::string& client, std::atomic<bool>* cancel);
} // namespace tl::cli
