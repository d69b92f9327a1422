#include "client/service_api.h"

#include <chrono>
#include <thread>

#include <httplib.h>

namespace tl::client {

namespace {
// A barcode as one segment of a path: percent-encoded.
std::string segment(const std::string& s) {
    return httplib::detail::encode_query_param(s);
}

std::string volume_path(const std::string& barcode) {
    return "/v1/volumes/" + segment(barcode);
}

// Every element of a list answer through `parse`; Io when the answer is no list.
template <class T>
Result<std::vector<T>> list_of(const nlohmann::json& body,
                               Result<T> (*parse)(const nlohmann::json&)) {
    if (!body.is_array()) return make_error(ErrorKind::Io, "the service's answer is no list");
    std::vector<T> all;
    for (const auto& j : body) {
        auto one = parse(j);
        if (!one) return one.error();
        all.push_back(std::move(one.value()));
    }
    return all;
}
} // namespace

Result<ServiceStatus> ServiceApi::status() {
    auto r = client_.request("GET", "/v1/status");
    if (!r) return r.error();
    return status_from_json(r->body);
}

Result<Queue> ServiceApi::queue() {
    auto r = client_.request("GET", "/v1/queue");
    if (!r) return r.error();
    return queue_from_json(r->body);
}

Result<QueuedRun> ServiceApi::queued_run(std::int64_t id) {
    auto e = client_.queue_entry(id);
    if (!e) return e.error();
    return QueuedRun{e->id, e->state, e->status, e->job, e->error};
}

Result<JobPage> ServiceApi::jobs(std::int64_t limit, std::int64_t offset) {
    auto r = client_.get_text("/v1/jobs?limit=" + std::to_string(limit) +
                              "&offset=" + std::to_string(offset) + "&compact=1");
    if (!r) return r.error();
    return job_page_from_text(r.value());
}

Result<JobPage> ServiceApi::job_history(std::int64_t limit, std::int64_t offset) {
    auto r = client_.get_text("/v1/jobs?limit=" + std::to_string(limit) +
                              "&offset=" + std::to_string(offset) + "&rates=true&compact=1");
    if (!r) return r.error();
    return job_page_from_text(r.value());
}

Result<Job> ServiceApi::job(std::int64_t id) {
    auto r = client_.request("GET", "/v1/jobs/" + std::to_string(id));
    if (!r) return r.error();
    return job_from_json(r->body);
}

Result<JobReportSeries> ServiceApi::job_report(std::int64_t id) {
    auto r = client_.request("GET", "/v1/jobs/" + std::to_string(id) + "/report");
    if (!r) return r.error();
    return job_report_series_from_json(r->body);
}

Result<std::vector<std::string>> ServiceApi::job_log(std::int64_t id, int max_lines) {
    auto r = client_.request("GET", "/v1/jobs/" + std::to_string(id) +
                                        "/log?max=" + std::to_string(max_lines));
    if (!r) return r.error();
    const auto& lines =
        r->body.is_object() ? r->body.value("lines", nlohmann::json()) : nlohmann::json();
    if (!lines.is_array()) return make_error(ErrorKind::Io, "the service's answer is no job log");
    std::vector<std::string> out;
    for (const auto& l : lines) {
        if (!l.is_string())
            return make_error(ErrorKind::Io, "the service's job log holds a non-text line");
        out.push_back(l.get<std::string>());
    }
    return out;
}

Status ServiceApi::cancel_job(std::int64_t id) {
    auto r = client_.request("POST", "/v1/jobs/" + std::to_string(id) + "/cancel");
    if (!r) return r.error();
    return {};
}

Result<std::int64_t> ServiceApi::queue_backup(const QueueBackupRequest& request) {
    auto r = client_.request("POST", "/v1/backups",
                             {{"definition", request.definition}, {"level", request.level}});
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("queue") || !r->body["queue"].is_number_integer())
        return make_error(ErrorKind::Io, "the service's answer names no queue entry");
    return r->body["queue"].get<std::int64_t>();
}

Status ServiceApi::cancel_queue_entry(std::int64_t id) {
    auto r = client_.request("POST", "/v1/queue/" + std::to_string(id) + "/cancel");
    if (!r) return r.error();
    return {};
}

Result<std::vector<job::FileVersion>> ServiceApi::file_versions(const std::string& path) {
    auto r = client_.request("GET", "/v1/files/versions?path=" + segment(path));
    if (!r) return r.error();
    return file_versions_from_json(r->body);
}

Result<std::vector<FileEntry>> ServiceApi::find_files(const FileSearch& search) {
    auto r = client_.request("GET", "/v1/files/find?" + query_of(search));
    if (!r) return r.error();
    return found_files_from_json(r->body);
}

Result<FilePage> ServiceApi::list_files(const FileListing& listing) {
    auto r = client_.request("GET", "/v1/files?" + query_of(listing));
    if (!r) return r.error();
    return file_page_from_json(r->body);
}

Result<std::vector<Saveset>> ServiceApi::savesets(const SavesetQuery& query) {
    auto r = client_.request("GET", "/v1/savesets" + query_of(query));
    if (!r) return r.error();
    return savesets_from_json(r->body);
}

Result<JobStarted> ServiceApi::start_restore(const RestoreRequest& request) {
    auto r = client_.request("POST", "/v1/restores", to_json(request));
    if (!r) return r.error();
    return job_started_from_json(r->body);
}

Result<std::vector<Volume>> ServiceApi::volumes() {
    auto r = client_.request("GET", "/v1/volumes");
    if (!r) return r.error();
    return list_of<Volume>(r->body, volume_from_json);
}

Result<std::vector<Volume>> ServiceApi::volumes_in_library(const std::string& library) {
    auto r = client_.request("GET", "/v1/volumes?library=" + segment(library));
    if (!r) return r.error();
    return list_of<Volume>(r->body, volume_from_json);
}

Result<Volume> ServiceApi::volume(const std::string& barcode) {
    auto r = client_.request("GET", volume_path(barcode));
    if (!r) return r.error();
    return volume_from_json(r->body);
}

Result<VolumeContents> ServiceApi::volume_contents(const std::string& barcode,
                                                   const std::string& library) {
    auto r = client_.request("GET", volume_path(barcode) + "/contents" +
                                        (library.empty() ? "" : "?library=" + segment(library)));
    if (!r) return r.error();
    return volume_contents_from_json(r->body);
}

Result<VolumeHistory> ServiceApi::volume_history(const std::string& barcode) {
    auto r = client_.request("GET", volume_path(barcode) + "/history");
    if (!r) return r.error();
    return volume_history_from_json(r->body);
}

Result<std::vector<media::VolumeHealth>> ServiceApi::volume_health(const std::string& barcode) {
    auto r = client_.request("GET",
                             barcode.empty() ? "/v1/wear" : "/v1/wear?barcode=" + segment(barcode));
    if (!r) return r.error();
    return volume_health_from_json(r->body);
}

Result<Volume> ServiceApi::change_volume(const std::string& barcode, const VolumeChange& change) {
    auto r = client_.request("PATCH", volume_path(barcode), to_json(change));
    if (!r) return r.error();
    return volume_from_json(r->body);
}

Result<LabeledVolume> ServiceApi::label_volume(const std::string& barcode,
                                               const LabelRequest& request) {
    auto r = client_.request("POST", volume_path(barcode) + "/label", to_json(request));
    if (!r) return r.error();
    return labeled_volume_from_json(r->body);
}

Result<std::vector<Pool>> ServiceApi::pools() {
    auto r = client_.request("GET", "/v1/pools");
    if (!r) return r.error();
    return pools_from_json(r->body);
}

Result<Pool> ServiceApi::pool(const std::string& name) {
    auto r = client_.request("GET", "/v1/pools/" + segment(name));
    if (!r) return r.error();
    return pool_from_json(r->body);
}

Result<Pool> ServiceApi::add_pool(const std::string& name, const PoolChanges& values) {
    auto body = to_json(values);
    body["name"] = name;
    auto r = client_.request("POST", "/v1/pools", body);
    if (!r) return r.error();
    return pool_from_json(r->body);
}

Result<Pool> ServiceApi::change_pool(const std::string& name, const PoolChanges& changes) {
    auto r = client_.request("PATCH", "/v1/pools/" + segment(name), to_json(changes));
    if (!r) return r.error();
    return pool_from_json(r->body);
}

Result<std::vector<Library>> ServiceApi::libraries() {
    auto r = client_.request("GET", "/v1/libraries");
    if (!r) return r.error();
    return libraries_from_json(r->body);
}

Result<CartridgeMoved> ServiceApi::move(const std::string& library, const char* verb,
                                        const nlohmann::json& body) {
    auto r = client_.request("POST", "/v1/libraries/" + segment(library) + "/" + verb, body);
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("done"))
        return make_error(ErrorKind::Io, "the service's answer to a move says nothing done");
    return CartridgeMoved{r->body.value("library", library), r->body["done"].get<std::string>()};
}

Result<CartridgeMoved> ServiceApi::load(const std::string& library, const LoadRequest& r) {
    return move(library, "load", {{"slot", r.slot}, {"drive", r.drive}});
}

Result<CartridgeMoved> ServiceApi::unload(const std::string& library, const UnloadRequest& r) {
    nlohmann::json body = {{"drive", r.drive}};
    if (r.slot) body["slot"] = *r.slot;
    return move(library, "unload", body);
}

Result<CartridgeMoved> ServiceApi::transfer(const std::string& library, const TransferRequest& r) {
    return move(library, "transfer", {{"from", r.from}, {"to", r.to}});
}

Result<CartridgeMoved> ServiceApi::import_cartridge(const std::string& library,
                                                    const ImportRequest& r) {
    return move(library, "import", {{"mail", r.mail}, {"to", r.to}});
}

Result<CartridgeMoved> ServiceApi::export_cartridge(const std::string& library,
                                                    const ExportRequest& r) {
    return move(library, "export", {{"slot", r.slot}, {"mail", r.mail}});
}

Result<CartridgeMoved> ServiceApi::insert_cartridge(const std::string& library,
                                                    const InsertRequest& r) {
    return move(library, "insert", {{"mail", r.mail}, {"barcode", r.barcode}});
}

Result<CartridgeMoved> ServiceApi::remove_cartridge(const std::string& library, int mail) {
    return move(library, "remove-cartridge", {{"mail", mail}});
}

Result<std::vector<media::Difference>> ServiceApi::reconcile(const std::string& library) {
    auto r = client_.request("POST", "/v1/libraries/" + segment(library) + "/reconcile",
                             nlohmann::json::object());
    if (!r) return r.error();
    return differences_from_json(r->body);
}

Result<CartridgeMoved> ServiceApi::export_by_barcode(const std::string& library,
                                                     const ExportByBarcodeRequest& r) {
    return move(library, "export", {{"barcode", r.barcode}, {"mail", r.mail}});
}

Result<std::vector<media::Difference>> ServiceApi::differences(const std::string& library) {
    auto r = client_.request("POST", "/v1/libraries/" + segment(library) + "/reconcile",
                             {{"dry_run", true}});
    if (!r) return r.error();
    return differences_from_json(r->body);
}

Result<LibraryStatus> ServiceApi::library_status(const std::string& library) {
    auto r = client_.request("GET", "/v1/libraries/" + segment(library));
    if (!r) return r.error();
    return library_status_from_json(r->body);
}

Result<LibraryInventory> ServiceApi::library_inventory(const std::string& library) {
    auto r = client_.request("GET", "/v1/libraries/" + segment(library) + "/inventory");
    if (!r) return r.error();
    return library_inventory_from_json(r->body);
}

Result<Volume> ServiceApi::adopt_volume(const std::string& barcode, const std::string& library) {
    nlohmann::json body = nlohmann::json::object();
    if (!library.empty()) body["library"] = library;
    auto r = client_.request("POST", volume_path(barcode) + "/adopt", body);
    if (!r) return r.error();
    return volume_from_json(r->body);
}

Result<Volume> ServiceApi::recycle_volume(const std::string& barcode, bool force) {
    auto r = client_.request("POST", volume_path(barcode) + "/recycle", {{"force", force}});
    if (!r) return r.error();
    return volume_from_json(r->body);
}

Result<BlankLabeled> ServiceApi::label_blank(const BlankLabelRequest& request) {
    nlohmann::json body = {{"pool", request.pool}};
    if (!request.pattern.empty()) body["pattern"] = request.pattern;
    if (!request.library.empty()) body["library"] = request.library;
    if (request.block_size) body["block_size"] = *request.block_size;
    auto r = client_.request("POST", "/v1/volumes/label-blank", body);
    if (!r) return r.error();
    return blank_labeled_from_json(r->body);
}

Status ServiceApi::remove_pool(const std::string& name) {
    auto r = client_.request("DELETE", "/v1/pools/" + segment(name));
    if (!r) return r.error();
    return {};
}

Result<std::vector<AgentClient>> ServiceApi::clients() {
    auto r = client_.request("GET", "/v1/clients");
    if (!r) return r.error();
    return list_of<AgentClient>(r->body, agent_client_from_json);
}

Result<AgentClient> ServiceApi::client(const std::string& name) {
    auto r = client_.request("GET", "/v1/clients/" + segment(name));
    if (!r) return r.error();
    return agent_client_from_json(r->body);
}

Result<AgentClient> ServiceApi::add_client(const NewClient& c) {
    auto r =
        client_.request("POST", "/v1/clients",
                        {{"name", c.name}, {"address", c.address}, {"fingerprint", c.fingerprint}});
    if (!r) return r.error();
    return agent_client_from_json(r->body);
}

Status ServiceApi::remove_client(const std::string& name) {
    auto r = client_.request("DELETE", "/v1/clients/" + segment(name));
    if (!r) return r.error();
    return {};
}

Result<std::vector<Definition>> ServiceApi::definitions() {
    auto r = client_.request("GET", "/v1/definitions");
    if (!r) return r.error();
    return list_of<Definition>(r->body, definition_from_json);
}

Result<Definition> ServiceApi::definition(const std::string& name) {
    auto r = client_.request("GET", "/v1/definitions/" + segment(name));
    if (!r) return r.error();
    return definition_from_json(r->body);
}

Result<std::vector<Schedule>> ServiceApi::schedules() {
    auto r = client_.request("GET", "/v1/schedules");
    if (!r) return r.error();
    return list_of<Schedule>(r->body, schedule_from_json);
}

Result<std::vector<KeyInfo>> ServiceApi::keys() {
    auto r = client_.request("GET", "/v1/keys");
    if (!r) return r.error();
    return list_of<KeyInfo>(r->body, key_from_json);
}

Result<KeyInfo> ServiceApi::import_key(const KeyImport& import) {
    auto r =
        client_.request("POST", "/v1/keys",
                        {{"export", import.export_document}, {"passphrase", import.passphrase}});
    if (!r) return r.error();
    return key_from_json(r->body);
}

Result<KeyInfo> ServiceApi::create_key(const std::string& name) {
    auto r = client_.request("POST", "/v1/keys", {{"name", name}});
    if (!r) return r.error();
    return key_from_json(r->body);
}

Result<std::vector<TokenInfo>> ServiceApi::tokens() {
    auto r = client_.request("GET", "/v1/tokens");
    if (!r) return r.error();
    return list_of<TokenInfo>(r->body, token_from_json);
}

Result<QueuedRun> follow_queued_run(Api& api, std::int64_t id,
                                    const std::function<bool()>& cancelled,
                                    const std::function<void(const QueuedRun&)>& on_read) {
    bool cancel_sent = false;
    for (;;) {
        if (!cancel_sent && cancelled && cancelled()) {
            cancel_sent = true;
            if (auto st = api.cancel_queue_entry(id); !st && st.error().kind != ErrorKind::NotFound)
                return st.error();
        }
        auto run = api.queued_run(id);
        if (!run || run->ended()) return run;
        if (on_read) on_read(run.value());
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

Result<Job> wait_for_job(Api& api, std::int64_t id, const std::function<bool()>& keep_going,
                         const std::function<void(const Job&)>& on_wait) {
    for (;;) {
        auto j = api.job(id);
        if (!j || j->ended()) return j;
        if (on_wait) on_wait(j.value());
        if (keep_going && !keep_going())
            return make_error(ErrorKind::Cancelled,
                              "stopped waiting for job " + std::to_string(id));
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

Result<Definition> ServiceApi::add_definition(const schedule::JobDefinition& d) {
    auto r = client_.request("POST", "/v1/definitions", definition_body(d));
    if (!r) return r.error();
    return definition_from_json(r->body);
}

Result<Definition> ServiceApi::replace_definition(const schedule::JobDefinition& d) {
    auto r = client_.request("PUT", "/v1/definitions/" + segment(d.name), definition_body(d));
    if (!r) return r.error();
    return definition_from_json(r->body);
}

Status ServiceApi::remove_definition(const std::string& name) {
    auto r = client_.request("DELETE", "/v1/definitions/" + segment(name));
    if (!r) return r.error();
    return {};
}

Result<Schedule> ServiceApi::add_schedule(const ScheduleRequest& request) {
    const nlohmann::json body = {
        {"definition", request.definition}, {"rule", request.rule}, {"name", request.name}};
    auto r = client_.request("POST", "/v1/schedules", body);
    if (!r) return r.error();
    return schedule_from_json(r->body);
}

Result<Schedule> ServiceApi::change_schedule(std::int64_t id, const ScheduleRequest& request) {
    const nlohmann::json body = {{"rule", request.rule}, {"name", request.name}};
    auto r = client_.request("PATCH", "/v1/schedules/" + std::to_string(id), body);
    if (!r) return r.error();
    return schedule_from_json(r->body);
}

Result<std::size_t> ServiceApi::import_definitions(const nlohmann::json& export_document,
                                                   bool replace) {
    auto body = export_document;
    if (body.is_object()) body["replace"] = replace;
    auto r = client_.request("POST", "/v1/definitions/import", body);
    if (!r) return r.error();
    if (!r->body.is_object() || !r->body.contains("imported") ||
        !r->body["imported"].is_number_unsigned())
        return make_error(ErrorKind::Io, "the service's answer to an import counts nothing");
    return r->body["imported"].get<std::size_t>();
}

Status ServiceApi::remove_schedule(std::int64_t id) {
    auto r = client_.request("DELETE", "/v1/schedules/" + std::to_string(id));
    if (!r) return r.error();
    return {};
}

} // namespace tl::client
