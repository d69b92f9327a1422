#pragma once
// One function per command group; each appends its commands to the registry.
#include <optional>
#include <span>

#include "agent/client_verify.h"
#include "catalog/job_store.h"
#include "client/api.h"
#include "client/clients.h"
#include "client/definitions.h"
#include "client/jobs.h"
#include "client/libraries.h"
#include "client/pools.h"
#include "client/service_client.h"
#include "client/volumes.h"
#include "context.h"
#include "device/device_registry.h"
#include "device/fault_change.h"
#include "job/clone_job.h"
#include "job/restore_job.h"
#include "job/restore_selection.h"
#include "job/verify_job.h"
#include "media/pool.h"

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
// --prune-every D of `service start` and `serve`: how often the service applies retention
// (schedule/retention_tick.h); 24h when not given, 0 never.
Result<double> prune_every(const Args& a);
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
// A path for a request to the service: absolute as given; relative to this process's directory
// when the service is this machine's; refused with --connect, whose paths are the remote
// machine's (`what` names the option in the error: "--to").
Result<std::string> path_for_service(const Args& a, const std::string& path,
                                     const std::string& what);
// The same for a backup source: raw: and sqlite: keep their prefix; cmd: and client: go as given.
Result<std::string> source_for_service(const Args& a, const std::string& source);
// The commands that work with --connect: those that are calls of the API.
bool works_remotely(const std::vector<std::string>& path);
// `backup` goes through the service when one runs (backup_through_service.cpp).
void route_backup_through_service(Registry& r);
// Every command but those that run here goes to the service through its typed door
// (commands_through_service.cpp, typed_door*.cpp).
void route_commands_through_service(Registry& r);
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
// The commands that go through the service's typed door (client/api.h): restore, volume mark,
// volume label, volume relabel, pool add|edit, and those of the *_through_typed_door() below;
// nullopt for a command that has no call of the API.
std::optional<int> through_typed_door(Context& ctx, client::ServiceClient& c,
                                      const std::string& command);
// schedule remove, job remove, pool remove, client remove, volume recycle through the typed
// door (typed_door_removals.cpp); nullopt for any other command.
// One command the CLI sends through the typed client: its name and the function that calls it.
struct ApiCommand {
    const char* command;
    int (*call)(Context&, client::Api&);
};
// Runs the entry of `table` named `command` on a typed client of `c`; nullopt when none is.
std::optional<int> call_api_command(Context& ctx, client::ServiceClient& c,
                                    const std::string& command, std::span<const ApiCommand> table);
std::optional<int> removal_through_typed_door(Context& ctx, client::ServiceClient& c,
                                              const std::string& command);
// drive add|remove|clean|status|show|clear, library add|remove through the typed door
// (typed_door_devices.cpp); nullopt for any other command.
std::optional<int> device_through_typed_door(Context& ctx, client::ServiceClient& c,
                                             const std::string& command);
// A verify's report, text or --json, and its exit code (volume.cpp); one against the clients'
// files likewise.
int print_verify(Context& ctx, const job::VerifyReport& v);
// verify's --job, checked with the options that go with it (--pool is not for --against-client).
Result<std::int64_t> verify_job_option(const Args& a);
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
// `library status` and `library inventory`, text or --json (library.cpp).
void print_library_status(Context& ctx, const client::LibraryStatus& status);
void print_library_inventory(Context& ctx, const client::LibraryInventory& inventory);
// `drive status` and `drive show`: one line per drive with its TapeAlert entries, or with --json
// {"drives": [...]} (drive.cpp); exit code 0.
int print_drives(Context& ctx, const std::vector<client::DriveState>& drives);
// `library add`'s answer: its --json document ({"name", "kind", "device", "config"}) or its line.
void print_library_added(Context& ctx, const nlohmann::json& added);
// restore's client: --client, else the client job --job backed up (nullopt: this machine).
Result<std::optional<std::string>> restore_client(Context& ctx, Engine& engine);
// restore --job N --to DIR through the client's agent (client.cpp).
Result<job::RestoreResult> restore_to_client(Context& ctx, Engine& engine,
                                             const std::string& client, std::atomic<bool>* cancel);
// --NAME N of the library commands: a slot, drive or mail slot number; InvalidArgument names
// the option when it is missing or no number (library.cpp).
Result<int> slot_number(const Args& a, const std::string& name);
// What `library list` prints of the configured libraries (library.cpp).
void print_libraries(Context& ctx, const std::vector<client::Library>& libraries);
// What `library load|unload|transfer|import|export` prints of a move (library.cpp).
void print_cartridge_moved(Context& ctx, const client::CartridgeMoved& moved);
// What `library inventory --reconcile` prints of the differences it found (library.cpp).
void print_reconcile(Context& ctx, const std::string& library, bool applied,
                     const std::vector<media::Difference>& diffs);
// library list, load, unload, transfer, import, export --slot and inventory --reconcile through
// the typed door (typed_door_library.cpp); nullopt for any other command line.
std::optional<int> library_through_typed_door(Context& ctx, client::ServiceClient& c,
                                              const std::string& command);
// The printers of the reads, shared by the command run here and its call of the typed door
// (typed_door_reads.cpp): text, or with --json the documents the service answers.
Status check_job_status(const std::string& status); // jobs list --status (jobs.cpp)
void print_job_rows(Context& ctx, const std::vector<catalog::JobRecord>& jobs, long long now);
void print_job(Context& ctx, const client::Job& job); // jobs show (jobs.cpp)
void print_volumes(Context& ctx, const std::vector<client::Volume>& volumes); // volume.cpp
// `volume ls`'s BARCODE (InvalidArgument when missing), and what it prints of the tape's
// contents (api/volume_contents.h's document): --json or text; exit code 0, or 9 (corrupt)
// when a block could not be read (volume.cpp).
Result<std::string> volume_ls_barcode(const Args& a);
int print_volume_contents(Context& ctx, const nlohmann::json& listing);
// `files find`'s PATTERN, view and --limit, checked in that order (restore.cpp); what it prints
// of the entries found (their --json rows, path_json names).
Result<client::FileSearch> file_search_of(const Args& a);
void print_found_files(Context& ctx, const nlohmann::json& entries);
// `report`'s --job as a job id (InvalidArgument when missing or no id), and what it prints of
// a job's stored report with its series: --csv written, --json or text (report.cpp).
Result<long long> report_job_id(const Args& a);
int print_job_report(Context& ctx, const nlohmann::json& report, const metrics::SeriesSet& series);
// `report --png FILE`: the console (`tapeloom`, offscreen, beside the CLI) draws job `job`'s
// graphs from `report` and `series`, handed over in a file, into FILE (report.cpp).
Status render_png(const nlohmann::json& report, const metrics::SeriesSet& series, long long job,
                  const std::string& file);
void print_pools(Context& ctx, const std::vector<client::Pool>& pools); // pool.cpp
void print_schedules(Context& ctx, const std::vector<client::Schedule>& schedules,
                     long long now); // schedule list (schedule.cpp)
void print_definitions(Context& ctx, const std::vector<client::Definition>& defs,
                       long long now); // job list (job_def.cpp)
int print_definition(Context& ctx, const client::Definition& def, long long now);  // job show
void print_clients(Context& ctx, const std::vector<client::AgentClient>& clients); // client.cpp
void print_client(Context& ctx, const client::AgentClient& c);                     // client show
// The writes of the configuration and of labels, shared by the command run here and its call
// of the typed door (typed_door_config.cpp).
Result<client::ScheduleRequest> schedule_add_request(const Args& a); // schedule.cpp
void print_schedule_added(Context& ctx, const client::Schedule& s, long long now);
struct ScheduleEdit {
    std::int64_t id = 0;
    std::string rule;                // "": the stored one stays
    std::optional<std::string> name; // none: the stored one stays
};
Result<ScheduleEdit> schedule_edit_request(const Args& a); // schedule.cpp
Error no_schedule(std::int64_t id);                        // NotFound naming `schedule list`
void print_schedule_changed(Context& ctx, std::int64_t id, const std::string& name,
                            const std::string& rule);
// job define|edit's options onto `d` (job_def.cpp).
Status apply_definition_options(const Args& a, schedule::JobDefinition& d);
// "Job definition 'NAME' stored", with the schedule `rules` it was defined with, if any.
void print_definition_stored(Context& ctx, const std::string& name, std::int64_t id,
                             const std::vector<std::string>& rules);
void print_definition_updated(Context& ctx, const schedule::JobDefinition& d);
// volume label --all-blank's report (volume_media.cpp).
void print_blank_labeled(Context& ctx, const client::BlankLabeled& done,
                         const std::string& pattern);
// schedule add|edit, job define|edit, volume label --all-blank through the typed door
// (typed_door_config.cpp); nullopt for any other command line.
std::optional<int> config_through_typed_door(Context& ctx, client::ServiceClient& c,
                                             const std::string& command);
// jobs list|show, volume list, pool list, schedule list, job list|show, client list|show
// through the typed door (typed_door_reads.cpp); nullopt for any other command.
std::optional<int> read_through_typed_door(Context& ctx, client::ServiceClient& c,
                                           const std::string& command);
// The reports of scan, prune and restore --dry-run, text or --json, and their exit codes
// (volume.cpp, prune.cpp, restore.cpp), shared with their calls of the typed door.
int print_scan(Context& ctx, const job::ScanReport& s);
int print_prune(Context& ctx, const media::PruneReport& p);
int print_restore_plan(Context& ctx, const job::RestorePlan& p);
// catalog backup's report of its job, text or --json, and its exit code (catalog.cpp).
int print_catalog_backup(Context& ctx, const job::JobReport& report, const nlohmann::json& json);
// scan, prune, catalog backup and restore --dry-run through the typed door
// (typed_door_maintenance.cpp); nullopt for any other command line.
std::optional<int> maintenance_through_typed_door(Context& ctx, client::ServiceClient& c,
                                                  const std::string& command);
// restore --dry-run and --wait-for-media through the typed door: the plan read (POST
// /v1/restore-plans), or asked for again until no volume is missing before the restore starts
// (typed_door_maintenance.cpp).
std::optional<int> restore_plan_through_typed_door(Context& ctx, client::ServiceClient& c,
                                                   const job::RestoreOptions& o);
// library fault's options as a change of the injected faults (InvalidArgument naming a bad
// one), and what it prints of the plan after it: the JSON, or "no faults injected"
// (library_fault.cpp).
Result<device::FaultChange> fault_change_of(const Args& a);
void print_faults(Context& ctx, const nlohmann::json& plan);
} // namespace tl::cli
