#pragma once
// The one typed door to Tapeloom (issue 38, docs/ARCHITECTURE.md "The typed door"): every query
// and action a client offers its user (the CLI now, the console next) is one method of `Api`,
// with its request and result as structs of a header per domain (jobs.h, restores.h,
// volumes.h, pools.h, libraries.h, definitions.h, ...) and its errors as the engine's Error, so
// that no caller sees HTTP or JSON. ServiceApi (service_api.h) is the implementation over the
// service's API, on its Unix socket or over HTTPS with a token. New domains add their header and
// their methods here. No Qt.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "client/backups.h"
#include "client/catalog_settings.h"
#include "client/clients.h"
#include "client/definitions.h"
#include "client/devices.h"
#include "client/file_search.h"
#include "client/file_versions.h"
#include "client/jobs.h"
#include "client/libraries.h"
#include "client/live_jobs.h"
#include "client/machine.h"
#include "client/maintenance.h"
#include "client/pools.h"
#include "client/queue.h"
#include "client/restores.h"
#include "client/savesets.h"
#include "client/status.h"
#include "client/verifications.h"
#include "client/volumes.h"
#include "common/result.h"

namespace tl::client {

class Api {
public:
    virtual ~Api() = default;

    // ---- the service (status.h, queue.h)
    virtual Result<ServiceStatus> status() = 0;
    // The scheduler queue's waiting and running entries.
    virtual Result<Queue> queue() = 0;
    // One entry: waiting, running, or how its run ended (NotFound once this service forgot it).
    virtual Result<QueuedRun> queued_run(std::int64_t id) = 0;
    // The jobs running on the service's data directory with their live snapshots (live_jobs.h):
    // what each does or waits for, its progress and drives. Scope read.
    virtual Result<LiveJobs> live_jobs() = 0;

    // ---- the service's machine (machine.h): what a console's Dashboard and Log page show.
    // Scope read.
    // Every job on the data directory's live board as live_jobs() gives them, and those that
    // ended whose last snapshot is still kept (GET /v1/live?ended=true): what the Dashboard
    // follows.
    virtual Result<LiveJobs> live_board() = 0;
    // The machine's cumulative CPU counters and the service process's CPU time and memory.
    virtual Result<HostReading> host() = 0;
    // The lines of the data directory's log file after `after` (a ServiceLog's `next`; "": its
    // newest lines). Ask again with `next` until no line comes.
    virtual Result<ServiceLog> service_log(const std::string& after) = 0;

    // ---- jobs (jobs.h)
    // A page of the history, oldest first (`limit` 1..10000 from `offset`), and the total.
    virtual Result<JobPage> jobs(std::int64_t limit, std::int64_t offset) = 0;
    // The same page with each job's elapsed time and rates from its report (the console's
    // history).
    virtual Result<JobPage> job_history(std::int64_t limit, std::int64_t offset) = 0;
    // The job with its status, and its report once it ended. NotFound naming it.
    virtual Result<Job> job(std::int64_t id) = 0;
    // Its report as stored with the series recorded while it ran (`report --job ID`). NotFound
    // naming it. Scope read.
    virtual Result<JobReportSeries> job_report(std::int64_t id) = 0;
    // Its lines of the service's log file (written while it ran, oldest first, the last
    // `max_lines`); NotFound naming it. Scope read.
    virtual Result<std::vector<std::string>> job_log(std::int64_t id, int max_lines) = 0;
    // Asks a job the service runs to stop (it ends "cancelled"); NotFound when it runs none.
    virtual Status cancel_job(std::int64_t id) = 0;
    // Queues a stored definition's backup in the service's queue; the queue entry's id.
    virtual Result<std::int64_t> queue_backup(const QueueBackupRequest& r) = 0;
    // Queues a backup of sources named at once (backups.h); the queue entry's id.
    virtual Result<std::int64_t> queue_ad_hoc_backup(const AdHocBackupRequest& r) = 0;
    // Removes a waiting entry or asks its running job to stop; NotFound when not in the queue.
    virtual Status cancel_queue_entry(std::int64_t id) = 0;

    // ---- files (file_versions.h): every backed-up version of an absolute path and its deletion
    // markers, oldest first (empty when no backup holds it).
    virtual Result<std::vector<job::FileVersion>> file_versions(const std::string& path) = 0;
    // The entries of a backup's view(s) whose name matches a pattern (file_search.h), by path.
    // Scope read.
    virtual Result<std::vector<FileEntry>> find_files(const FileSearch& search) = 0;
    // One page of a directory of a backup's view(s) (file_search.h), by name from the listing's
    // cursor; the page's `next` is the cursor of the page after ("" on the last). Scope read.
    virtual Result<FilePage> list_files(const FileListing& listing) = 0;
    // The file-tree save sets of every backup, oldest job first, or those of a view
    // (savesets.h): what a restore browses, one per source. NotFound for a view with none.
    // Scope read.
    virtual Result<std::vector<Saveset>> savesets(const SavesetQuery& query) = 0;

    // ---- restores (restores.h)
    // Starts a restore; answers once its job exists (follow it with job() or wait_for_job()).
    // A refused restore (bad selection, relative target, volumes outside the library) is the
    // error, and no job runs.
    virtual Result<JobStarted> start_restore(const RestoreRequest& request) = 0;

    // ---- verifications and clones (verifications.h): answered once the job exists, as a
    // restore; a refusal before it (no such job, a clone to a pool holding a copy) is the
    // error, and no job runs. Its outcome: verify_result(), client_verify_result(),
    // clone_result() of the ended job.
    virtual Result<JobStarted> start_verification(const VerificationRequest& request) = 0;
    virtual Result<JobStarted> start_clone(const CloneRequest& request) = 0;

    // ---- volumes (volumes.h)
    virtual Result<std::vector<Volume>> volumes() = 0;
    // The volumes whose catalog row names `library` (`volume list --library`; a volume taken
    // outside keeps the library it left). Scope read.
    virtual Result<std::vector<Volume>> volumes_in_library(const std::string& library) = 0;
    virtual Result<Volume> volume(const std::string& barcode) = 0;
    // Every volume with its `usage` (volume_usage.h: mounts, errors, when kept data expires).
    // Scope read.
    virtual Result<std::vector<Volume>> volumes_with_usage() = 0;
    // The backup jobs with data on it, by id; NotFound naming an unknown barcode. Scope read.
    virtual Result<std::vector<VolumeJob>> volume_jobs(const std::string& barcode) = 0;
    // Its state changes, oldest first; NotFound naming an unknown barcode.
    virtual Result<VolumeHistory> volume_history(const std::string& barcode) = 0;
    // Wear and retirement forecast of `barcode` (NotFound when never used), or of every cartridge
    // with recorded use ("").
    virtual Result<std::vector<media::VolumeHealth>> volume_health(const std::string& barcode) = 0;
    // Applies a state or place change; the volume after it.
    virtual Result<Volume> change_volume(const std::string& barcode,
                                         const VolumeChange& change) = 0;
    // Labels (or relabels) the cartridge into a pool; answers once it is labeled.
    virtual Result<LabeledVolume> label_volume(const std::string& barcode,
                                               const LabelRequest& request) = 0;
    // Makes it recyclable; without `force` refused (Kept) while jobs on it are kept.
    virtual Result<Volume> recycle_volume(const std::string& barcode, bool force) = 0;
    // Labels the blank cartridges of a library one after the other; answers once done, with
    // those skipped (holding something else) and why.
    virtual Result<BlankLabeled> label_blank(const BlankLabelRequest& request) = 0;
    // Records a cartridge carrying our own empty label but unknown to the catalog in the pool
    // its label names (`volume adopt`); nothing is written. `library` "": the first one.
    virtual Result<Volume> adopt_volume(const std::string& barcode, const std::string& library) = 0;
    // The tape's contents read from the tape alone, mounted in a drive of `library` ("": the
    // first one); Busy while a job uses it. Scope read.
    virtual Result<VolumeContents> volume_contents(const std::string& barcode,
                                                   const std::string& library) = 0;

    // ---- pools (pools.h)
    virtual Result<std::vector<Pool>> pools() = 0;
    virtual Result<Pool> pool(const std::string& name) = 0;
    // AlreadyExists when the name is taken; a key named must be in the key store.
    virtual Result<Pool> add_pool(const std::string& name, const PoolChanges& values) = 0;
    virtual Result<Pool> change_pool(const std::string& name, const PoolChanges& changes) = 0;
    // Refused while volumes or jobs belong to it, and for Default / Scratch.
    virtual Status remove_pool(const std::string& name) = 0;

    // ---- libraries (libraries.h): cartridge moves, recorded in the catalog
    // The configured libraries in creation order (the first is the one a request naming none
    // takes).
    virtual Result<std::vector<Library>> libraries() = 0;
    virtual Result<CartridgeMoved> load(const std::string& library, const LoadRequest& r) = 0;
    virtual Result<CartridgeMoved> unload(const std::string& library, const UnloadRequest& r) = 0;
    virtual Result<CartridgeMoved> transfer(const std::string& library,
                                            const TransferRequest& r) = 0;
    virtual Result<CartridgeMoved> import_cartridge(const std::string& library,
                                                    const ImportRequest& r) = 0;
    virtual Result<CartridgeMoved> export_cartridge(const std::string& library,
                                                    const ExportRequest& r) = 0;
    // The operator's hand at a virtual library's mail slot (Unsupported for a real library).
    virtual Result<CartridgeMoved> insert_cartridge(const std::string& library,
                                                    const InsertRequest& r) = 0;
    virtual Result<CartridgeMoved> remove_cartridge(const std::string& library, int mail) = 0;
    // Records in the catalog where the changer has every cartridge; the differences it found.
    virtual Result<std::vector<media::Difference>> reconcile(const std::string& library) = 0;
    virtual Result<CartridgeMoved> export_by_barcode(const std::string& library,
                                                     const ExportByBarcodeRequest& r) = 0;
    // The differences between the catalog and the changer, nothing recorded (`library inventory
    // --reconcile --dry-run`). Scope operate, as a reconcile.
    virtual Result<std::vector<media::Difference>> differences(const std::string& library) = 0;
    // A library's drives and slot counts (`library status`), every element of its changer
    // (`library inventory`). Scope read.
    virtual Result<LibraryStatus> library_status(const std::string& library) = 0;
    virtual Result<LibraryInventory> library_inventory(const std::string& library) = 0;

    // ---- clients (clients.h): AlreadyExists when the name is taken; a removed client's
    // backups stay in the catalog. Scope admin.
    virtual Result<std::vector<AgentClient>> clients() = 0; // by name
    // NotFound when no client of that name is added.
    virtual Result<AgentClient> client(const std::string& name) = 0;
    virtual Result<AgentClient> add_client(const NewClient& c) = 0;
    virtual Status remove_client(const std::string& name) = 0;
    // The fingerprint of the service's certificate an agent trusts (made on first need).
    // Scope read.
    virtual Result<std::string> service_fingerprint() = 0;

    // ---- devices (devices.h): the configuration's drives and libraries (scope admin), a
    // drive's cleaning (operate). A drive or library a running job uses is not removed (Busy).
    virtual Result<DeviceAdded> add_drive(const NewDrive& d) = 0;
    virtual Status remove_drive(const std::string& name) = 0;
    virtual Result<DriveCleaned> clean_drive(const std::string& name) = 0;
    virtual Result<DeviceAdded> add_library(const NewLibrary& l) = 0;
    // Its drives go with it; a virtual library's files stay in the data directory.
    virtual Status remove_library(const std::string& name) = 0;
    // Every drive's status (`drive status`) with its newest 5 TapeAlert entries; one drive with
    // at most `alerts` of them (NotFound naming it when not configured). Scope read.
    virtual Result<std::vector<DriveState>> drives() = 0;
    // The same with each drive's `usage` (drive_usage.h: bytes, mounts, block size, codec).
    virtual Result<std::vector<DriveState>> drives_with_usage() = 0;
    virtual Result<DriveState> drive(const std::string& name, int alerts) = 0;
    // Returns a drive taken out of service (a TapeAlert fault) to service; the drive after it.
    // Scope operate.
    virtual Result<DriveState> return_drive_to_service(const std::string& name) = 0;

    // ---- configuration (definitions.h): reads; keys and tokens as metadata only
    virtual Result<std::vector<Definition>> definitions() = 0;
    virtual Result<Definition> definition(const std::string& name) = 0;
    virtual Result<std::vector<Schedule>> schedules() = 0;
    virtual Result<std::vector<KeyInfo>> keys() = 0;
    // Reads a key export into the service's key store, as `key import` does (the same key again
    // is fine); InvalidArgument for a wrong passphrase or an altered export, AlreadyExists for a
    // different key of that name. The key's metadata. Scope admin.
    virtual Result<KeyInfo> import_key(const KeyImport& import) = 0;
    // Creates a random AES-256 key of that name in the service's key store, as `key create`
    // does; AlreadyExists when the name is taken. The key's metadata. Scope admin.
    virtual Result<KeyInfo> create_key(const std::string& name) = 0;
    virtual Result<std::vector<TokenInfo>> tokens() = 0; // admin

    // ---- configuration writes (definitions.h), checked as `job define|edit|remove` and
    // `schedule add|edit|remove` check them. Scope admin.
    // AlreadyExists when the name is taken.
    virtual Result<Definition> add_definition(const schedule::JobDefinition& d) = 0;
    // Replaces every field of the definition of that name (NotFound when there is none); its
    // schedules stay.
    virtual Result<Definition> replace_definition(const schedule::JobDefinition& d) = 0;
    // With its schedules; the job history stays.
    virtual Status remove_definition(const std::string& name) = 0;
    virtual Result<Schedule> add_schedule(const ScheduleRequest& r) = 0;
    virtual Result<Schedule> change_schedule(std::int64_t id, const ScheduleRequest& r) = 0;
    virtual Status remove_schedule(std::int64_t id) = 0;
    // A `job export` document ({"version": 1, "definitions": [...]}) stored at once, as `job
    // import` stores it: AlreadyExists for a name taken unless `replace`; the count stored.
    virtual Result<std::size_t> import_definitions(const nlohmann::json& export_document,
                                                   bool replace) = 0;

    // ---- catalog settings (catalog_settings.h): the catalog backup after each backup job;
    // changing it is configuration (scope admin).
    virtual Result<CatalogAfterJobs> catalog_after_jobs() = 0;
    virtual Result<CatalogAfterJobs>
    change_catalog_after_jobs(const CatalogAfterJobsChange& change) = 0;

    // ---- catalog maintenance (maintenance.h)
    // Expires jobs and file entries past their pool's retention (nothing changes when
    // `dry_run`); its report. Scope admin.
    virtual Result<media::PruneReport> prune(bool dry_run) = 0;
    // Backs the catalog up to tape as a job named catalog (the job, 202). Scope admin.
    virtual Result<JobStarted> start_catalog_backup(const CatalogBackupRequest& r) = 0;
    // Starts a rebuild of the catalog from volumes; the scan's id (it makes no job). Scope
    // operate.
    virtual Result<std::int64_t> start_scan(const ScanRequest& r) = 0;
    // A scan's state; NotFound once the service forgot it.
    virtual Result<ScanState> scan(std::int64_t id) = 0;
    // What a restore of `r` would read, from which volumes, how long; nothing is restored and
    // `r.target` may be empty. Scope read.
    virtual Result<job::RestorePlan> plan_restore(const RestoreRequest& r) = 0;
    // A virtual library's injected faults, and a change of them (scope admin); NotFound for no
    // such library, Unsupported for a real one.
    virtual Result<LibraryFaults> library_faults(const std::string& library) = 0;
    virtual Result<LibraryFaults> change_library_faults(const std::string& library,
                                                        const device::FaultChange& change) = 0;
};

// Asks `api` for queue entry `id` until its run ended, and returns how it ended. When
// `cancelled()` turns true the service is asked once to cancel the entry (NotFound: it ended
// meanwhile). `on_read`, when given, sees every read of the entry before it ended.
Result<QueuedRun> follow_queued_run(Api& api, std::int64_t id,
                                    const std::function<bool()>& cancelled,
                                    const std::function<void(const QueuedRun&)>& on_read = {});

// Asks `api` for job `id` until it ended, and returns it with its report. `keep_going` is asked
// between the reads (about ten a second): false stops the wait, with Cancelled. `on_wait`, when
// given, sees every read of the job before it ended.
Result<Job> wait_for_job(Api& api, std::int64_t id, const std::function<bool()>& keep_going = {},
                         const std::function<void(const Job&)>& on_wait = {});

} // namespace tl::client
