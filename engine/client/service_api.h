#pragma once
// The typed door (api.h) over the service's HTTP API (docs/api.md): each method is one route,
// its request sent and its answer read as JSON through a ServiceClient (the Unix socket of a
// data directory, or a remote service's URL with a token). One per thread, as its client.
#include <memory>

#include "client/api.h"
#include "client/service_client.h"

namespace tl::client {

class ServiceApi final : public Api {
public:
    explicit ServiceApi(ServiceClient& client) : client_(client) {}

    Result<ServiceStatus> status() override;                                 // GET /v1/status
    Result<Queue> queue() override;                                          // GET /v1/queue
    Result<QueuedRun> queued_run(std::int64_t id) override;                  // GET /v1/queue/{id}
    Result<LiveJobs> live_jobs() override;                                   // GET /v1/live
    Result<LiveJobs> live_board() override;                                  // GET ...?ended=true
    Result<HostReading> host() override;                                     // GET /v1/host
    Result<ServiceLog> service_log(const std::string& after) override;       // GET /v1/log
    Result<JobPage> jobs(std::int64_t limit, std::int64_t offset) override;  // GET /v1/jobs
    Result<Job> job(std::int64_t id) override;                               // GET /v1/jobs/{id}
    Status cancel_job(std::int64_t id) override;                             // POST .../cancel
    Result<std::int64_t> queue_backup(const QueueBackupRequest& r) override; // POST /v1/backups
    Result<std::int64_t> queue_ad_hoc_backup(const AdHocBackupRequest& r) override; // the same
    Status cancel_queue_entry(std::int64_t id) override; // POST /v1/queue/{id}/cancel
    Result<JobStarted> start_restore(const RestoreRequest& r) override; // POST /v1/restores
    Result<JobStarted> start_verification(const VerificationRequest& r) override; // POST
    Result<JobStarted> start_clone(const CloneRequest& r) override;               // POST /v1/clones
    Result<std::vector<Volume>> volumes() override;                               // GET /v1/volumes
    Result<Volume> volume(const std::string& barcode) override; // GET /v1/volumes/{b}
    Result<std::vector<job::FileVersion>> file_versions(const std::string& path) override; // GET
    Result<VolumeHistory> volume_history(const std::string& barcode) override; // GET .../history
    Result<std::vector<media::VolumeHealth>> volume_health(const std::string& barcode) override;
    Result<Volume> change_volume(const std::string& barcode,
                                 const VolumeChange& change) override; // PATCH /v1/volumes/{b}
    Result<LabeledVolume> label_volume(const std::string& barcode,
                                       const LabelRequest& r) override; // POST .../label
    Result<Volume> recycle_volume(const std::string& barcode,
                                  bool force) override;                    // POST .../recycle
    Result<BlankLabeled> label_blank(const BlankLabelRequest& r) override; // POST .../label-blank
    Result<std::vector<Pool>> pools() override;                            // GET /v1/pools
    Result<Pool> pool(const std::string& name) override;                   // GET /v1/pools/{name}
    Result<Pool> add_pool(const std::string& name, const PoolChanges& values) override; // POST
    Result<Pool> change_pool(const std::string& name,
                             const PoolChanges& changes) override; // PATCH /v1/pools/{name}
    Status remove_pool(const std::string& name) override;          // DELETE /v1/pools/{name}
    Result<std::vector<Library>> libraries() override;             // GET /v1/libraries
    // POST /v1/libraries/{name}/load|unload|transfer|import
    Result<CartridgeMoved> load(const std::string& library, const LoadRequest& r) override;
    Result<CartridgeMoved> unload(const std::string& library, const UnloadRequest& r) override;
    Result<CartridgeMoved> transfer(const std::string& library, const TransferRequest& r) override;
    Result<CartridgeMoved> import_cartridge(const std::string& library,
                                            const ImportRequest& r) override;
    Result<CartridgeMoved> export_cartridge(const std::string& library,
                                            const ExportRequest& r) override;
    // POST /v1/libraries/{name}/insert|remove-cartridge
    Result<CartridgeMoved> insert_cartridge(const std::string& library,
                                            const InsertRequest& r) override;
    Result<CartridgeMoved> remove_cartridge(const std::string& library, int mail) override;
    // POST /v1/libraries/{name}/reconcile
    Result<std::vector<media::Difference>> reconcile(const std::string& library) override;
    Result<AgentClient> add_client(const NewClient& c) override;        // POST /v1/clients
    Status remove_client(const std::string& name) override;             // DELETE /v1/clients/{n}
    Result<DeviceAdded> add_drive(const NewDrive& d) override;          // POST /v1/drives
    Status remove_drive(const std::string& name) override;              // DELETE /v1/drives/{n}
    Result<DriveCleaned> clean_drive(const std::string& name) override; // POST .../{n}/clean
    Result<DeviceAdded> add_library(const NewLibrary& l) override;      // POST /v1/libraries
    Status remove_library(const std::string& name) override;            // DELETE /v1/libraries/{n}
    Result<std::vector<Definition>> definitions() override;             // GET /v1/definitions
    Result<Definition> definition(const std::string& name) override;    // GET /v1/definitions/{n}
    Result<std::vector<Schedule>> schedules() override;                 // GET /v1/schedules
    Result<std::vector<KeyInfo>> keys() override;                       // GET /v1/keys
    Result<KeyInfo> import_key(const KeyImport& import) override;       // POST /v1/keys
    Result<KeyInfo> create_key(const std::string& name) override;       // POST /v1/keys
    Result<std::vector<TokenInfo>> tokens() override;                   // GET /v1/tokens
    Result<std::vector<AgentClient>> clients() override;                // GET /v1/clients
    Result<AgentClient> client(const std::string& name) override;       // GET /v1/clients/{name}
    Result<std::string> service_fingerprint() override;                 // GET /v1/service/identity
    Result<Definition> add_definition(const schedule::JobDefinition& d) override;     // POST
    Result<Definition> replace_definition(const schedule::JobDefinition& d) override; // PUT
    Status remove_definition(const std::string& name) override;       // DELETE /v1/definitions/{n}
    Result<Schedule> add_schedule(const ScheduleRequest& r) override; // POST /v1/schedules
    Result<Schedule> change_schedule(std::int64_t id,
                                     const ScheduleRequest& r) override; // PATCH .../{id}
    Status remove_schedule(std::int64_t id) override; // DELETE /v1/schedules/{id}
    Result<std::size_t> import_definitions(const nlohmann::json& export_document,
                                           bool replace) override; // POST .../import

    // Libraries (libraries.h)
    Result<CartridgeMoved> export_by_barcode(const std::string& library,
                                             const ExportByBarcodeRequest& r) override; // POST
    Result<std::vector<media::Difference>> differences(const std::string& library) override;
    Result<LibraryStatus> library_status(const std::string& library) override; // GET .../{name}
    Result<LibraryInventory> library_inventory(const std::string& library) override; // GET

    // Files (file_search.h)
    Result<std::vector<FileEntry>> find_files(const FileSearch& s) override; // GET /v1/files/find
    Result<FilePage> list_files(const FileListing& l) override;              // GET /v1/files
    Result<std::vector<Saveset>> savesets(const SavesetQuery& q) override;   // GET /v1/savesets

    // Jobs (jobs.h)
    Result<JobReportSeries> job_report(std::int64_t id) override; // GET /v1/jobs/{id}/report
    Result<std::vector<std::string>> job_log(std::int64_t id,
                                             int max_lines) override; // GET /v1/jobs/{id}/log
    // GET /v1/jobs?rates=true
    Result<JobPage> job_history(std::int64_t limit, std::int64_t offset) override;

    // Volumes (volumes.h)
    Result<std::vector<Volume>> volumes_in_library(const std::string& library) override; // GET
    Result<Volume> adopt_volume(const std::string& barcode,
                                const std::string& library) override; // POST .../adopt
    Result<VolumeContents> volume_contents(const std::string& barcode,
                                           const std::string& library) override; // GET .../contents
    // service_api_media.cpp: GET /v1/volumes?usage=true, GET /v1/volumes/{barcode}/jobs
    Result<std::vector<Volume>> volumes_with_usage() override;
    Result<std::vector<VolumeJob>> volume_jobs(const std::string& barcode) override;

    // Catalog settings (catalog_settings.h): GET and PATCH /v1/catalog/after-jobs
    Result<CatalogAfterJobs> catalog_after_jobs() override;
    Result<CatalogAfterJobs> change_catalog_after_jobs(const CatalogAfterJobsChange& c) override;

    // Drives (devices.h)
    Result<std::vector<DriveState>> drives() override;            // GET /v1/drives
    Result<std::vector<DriveState>> drives_with_usage() override; // GET /v1/drives?usage=true
    Result<DriveState> drive(const std::string& name, int alerts) override;       // GET .../{name}
    Result<DriveState> return_drive_to_service(const std::string& name) override; // PATCH

    // Catalog maintenance (maintenance.h)
    Result<media::PruneReport> prune(bool dry_run) override; // POST /v1/prunes
    Result<JobStarted> start_catalog_backup(const CatalogBackupRequest& r) override; // POST
    Result<std::int64_t> start_scan(const ScanRequest& r) override; // POST /v1/scans
    Result<ScanState> scan(std::int64_t id) override;               // GET /v1/scans/{id}
    // POST /v1/restore-plans
    Result<job::RestorePlan> plan_restore(const RestoreRequest& r) override;
    // GET and PATCH /v1/libraries/{name}/faults
    Result<LibraryFaults> library_faults(const std::string& library) override;
    Result<LibraryFaults> change_library_faults(const std::string& library,
                                                const device::FaultChange& change) override;

private:
    Result<CartridgeMoved> move(const std::string& library, const char* verb,
                                const nlohmann::json& body);

    ServiceClient& client_;
};

} // namespace tl::client
