#pragma once
// What the API's routes share with the service that serves them, and the helpers every route
// uses to answer: JSON bodies, errors as {"error":{...}}, a catalog connection of its own.
#include <atomic>
#include <functional>
#include <string>
#include <utility>

#include <httplib.h>
#include <sys/types.h>

#include <nlohmann/json.hpp>

#include "catalog/db.h"
#include "schedule/service_inbox.h"
#include "service/event_hub.h"
#include "service/job_starts.h"
#include "service/job_tally.h"
#include "service/run_tracker.h"
#include "service/task_board.h"

namespace tl::service {

struct ApiContext {
    std::string home;
    uid_t owner = 0; // the data directory's owner: may connect, as root may
    long pid = 0;    // the service's
    schedule::ServiceInbox& inbox;
    RunTracker& tracker;
    TaskBoard& tasks;
    EventHub& events;
    std::atomic<bool>& stop; // set by POST /v1/service/stop
    Engine& engine;          // the service's, for the reads run on the request's thread
    JobTally& tally;         // the counters of /metrics (job_tally.h)
    JobStarts& starts;       // the jobs of the typed routes (job_starts.h)
};

void reply_json(httplib::Response& res, int status, const nlohmann::json& body);
void reply_error(httplib::Response& res, const Error& e);

// Runs `fn` on the request thread's catalog connection (Engine::catalog(): one per thread of
// the pool, kept while the thread lives, so a call pays neither the open of a connection nor
// the reading of a cold page cache) and answers with its JSON, or with its error.
void answer_from_catalog(const ApiContext& ctx, httplib::Response& res,
                         const std::function<Result<nlohmann::json>(catalog::Db&)>& fn);
// The same for an answer `fn` writes as JSON text (shapes/json_text.h: the large pages).
void answer_text_from_catalog(const ApiContext& ctx, httplib::Response& res,
                              const std::function<Result<std::string>(catalog::Db&)>& fn);

// InvalidArgument, "ROUTE: MESSAGE".
Error invalid_request(const std::string& route, const std::string& message);

// A request's JSON body ({} when empty); a discarded value when it is no JSON, which the
// route's own checks of an object refuse with their words.
nlohmann::json request_json(const httplib::Request& req);

// The number in a route's first capture ({id}); InvalidArgument names it otherwise.
Result<std::int64_t> id_in_path(const httplib::Request& req, const char* what);

void add_read_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/jobs/{id}/report: the stored report with its series (job_report_route.cpp)
void add_job_report_route(httplib::Server& server, const ApiContext& ctx);
// GET /v1/volumes/{barcode}/contents: a tape's contents read from it (volume_contents_route.cpp)
void add_volume_contents_route(httplib::Server& server, const ApiContext& ctx);
void add_action_routes(httplib::Server& server, const ApiContext& ctx);
// POST /v1/restores, POST /v1/jobs/{id}/cancel (job_start_routes.cpp)
void add_job_start_routes(httplib::Server& server, const ApiContext& ctx);
// GET and PATCH /v1/volumes/{barcode}, POST /v1/volumes/{barcode}/label (volume_routes.cpp)
void add_volume_routes(httplib::Server& server, const ApiContext& ctx);
// POST /v1/volumes/{barcode}/recycle, POST /v1/volumes/label-blank (volume_action_routes.cpp)
void add_volume_action_routes(httplib::Server& server, const ApiContext& ctx);
// GET, PATCH and DELETE /v1/pools/{name}, POST /v1/pools (pool_routes.cpp)
void add_pool_routes(httplib::Server& server, const ApiContext& ctx);
// POST /v1/libraries/{name}/load|unload|transfer|import (library_routes.cpp)
void add_library_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/libraries, /v1/libraries/{name}, /v1/libraries/{name}/inventory
// (library_read_routes.cpp)
void add_library_read_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/definitions[/{name}], /v1/schedules, /v1/keys, /v1/tokens (config_routes.cpp)
void add_config_routes(httplib::Server& server, const ApiContext& ctx);
// POST /v1/definitions, PUT and DELETE /v1/definitions/{name}; POST /v1/schedules, PATCH and
// DELETE /v1/schedules/{id} (definition_routes.cpp)
void add_definition_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/volumes/{barcode}/history (volume_history_route.cpp)
void add_volume_history_route(httplib::Server& server, const ApiContext& ctx);
// GET /v1/volumes/{barcode}/jobs (volume_jobs_route.cpp)
void add_volume_jobs_route(httplib::Server& server, const ApiContext& ctx);
// GET /v1/files/versions (file_version_route.cpp)
void add_file_version_route(httplib::Server& server, const ApiContext& ctx);
// GET /v1/wear (wear_route.cpp)
void add_wear_route(httplib::Server& server, const ApiContext& ctx);
// POST /v1/definitions/import (definition_import_route.cpp)
void add_definition_import_route(httplib::Server& server, const ApiContext& ctx);
void add_stream_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/live: the running jobs' live snapshots (live_route.cpp)
void add_live_route(httplib::Server& server, const ApiContext& ctx);
void add_metrics_route(httplib::Server& server, const ApiContext& ctx);
void add_file_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/savesets (saveset_route.cpp)
void add_saveset_route(httplib::Server& server, const ApiContext& ctx);
// POST /v1/keys (key_import_route.cpp)
void add_key_import_route(httplib::Server& server, const ApiContext& ctx);
void add_client_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/host, /v1/log: what a console's Dashboard and Log page poll besides GET /v1/live
// (console_feed_routes.cpp)
void add_console_feed_routes(httplib::Server& server, const ApiContext& ctx);
// GET /v1/service/identity (identity_route.cpp)
void add_identity_route(httplib::Server& server, const ApiContext& ctx);
// POST /v1/drives, DELETE /v1/drives/{name}, POST /v1/drives/{name}/clean, POST /v1/libraries,
// DELETE /v1/libraries/{name} (device_routes.cpp)
void add_device_routes(httplib::Server& server, const ApiContext& ctx);
// GET and PATCH /v1/catalog/after-jobs (catalog_setting_routes.cpp)
void add_catalog_setting_routes(httplib::Server& server, const ApiContext& ctx);
// POST /v1/volumes/{barcode}/adopt (volume_adopt_route.cpp)
void add_volume_adopt_route(httplib::Server& server, const ApiContext& ctx);
// GET /v1/drives, GET and PATCH /v1/drives/{name} (drive_routes.cpp)
void add_drive_routes(httplib::Server& server, const ApiContext& ctx);
// POST /v1/prunes, POST /v1/catalog/backups, POST /v1/scans, GET /v1/scans/{id}, POST
// /v1/restore-plans (maintenance_routes.cpp)
void add_maintenance_routes(httplib::Server& server, const ApiContext& ctx);
// GET and PATCH /v1/libraries/{name}/faults (library_fault_routes.cpp)
void add_library_fault_routes(httplib::Server& server, const ApiContext& ctx);
// POST /v1/verifications, POST /v1/clones: typed, answered with the job (verification_routes.cpp)
void add_verification_routes(httplib::Server& server, const ApiContext& ctx);
// Who may call: on the Unix socket root and the data directory's owner (SO_PEERCRED); on the
// TLS listener a client with a bearer token of the token store (token_store.h).
enum class Access { LocalSocket, RemoteToken };
// Peer or token check, API version check, JSON for unknown routes and exceptions.
void add_guards(httplib::Server& server, const ApiContext& ctx, Access access);

} // namespace tl::service
