#pragma once
// `job run`, `job export` and `job import` through the service's typed door
// (typed_door_runs.cpp) and the printers they share with the commands run here (job_def.cpp).
#include <optional>
#include <string>

#include "client/clients.h"
#include "client/definitions.h"
#include "client/file_versions.h"
#include "client/service_client.h"
#include "client/volumes.h"
#include "context.h"
#include "job/job_report.h"

namespace tl::cli {

// The report of definition `name`'s run as `job run` prints it (text or --json), the failure
// said on stderr; the exit code of its status.
int print_job_run(Context& ctx, const std::string& name, const job::JobReport& report);

// job export's file (or standard output for "-") of `defs`, and what it prints (job_def.cpp).
int write_definitions(Context& ctx, const std::string& file,
                      const std::vector<client::Definition>& defs);
// job import's FILE read and parsed; InvalidArgument or NotFound naming it (job_def.cpp).
Result<nlohmann::json> definitions_file(const Args& a);
void print_definitions_imported(Context& ctx, const std::string& file, std::size_t n);

// job export FILE: the definitions read through GET /v1/definitions and written here; job import
// FILE [--replace]: POST /v1/definitions/import (typed_door_runs.cpp).
std::optional<int> definitions_through_typed_door(Context& ctx, client::ServiceClient& c,
                                                  const std::string& command);

// schedule next's --days (1..3660, default 14) and its runs of `schedules` from `now`
// (schedule.cpp).
Result<long long> next_runs_days(const Args& a);
void print_next_runs(Context& ctx, const std::vector<client::Schedule>& schedules, long long now,
                     long long days);

// volume history's text or --json {"barcode", "history"} (volume_media.cpp).
void print_volume_history(Context& ctx, const client::VolumeHistory& h);

// client add's NAME, --address and --fingerprint, checked as the command checks them, and what
// it prints of the client added: the fingerprint its agent is to trust (client.cpp).
Result<client::NewClient> client_add_request(const Args& a);
void print_client_added(Context& ctx, const client::AgentClient& c);

// files versions' PATH, made absolute in this process's directory; and what it prints of the
// versions (NotFound when none) (restore.cpp).
Result<std::string> versions_path(const Args& a);
int print_file_versions(Context& ctx, const std::string& path,
                        const std::vector<job::FileVersion>& versions);

// volume health's text or --json {"volumes": [...]} (volume_health.cpp).
void print_volume_health(Context& ctx, const std::vector<media::VolumeHealth>& rows);

// job run NAME [--level L]: queued with POST /v1/backups, followed until its run ended, then its
// report read (GET /v1/jobs/{id}); nullopt for any other command.
std::optional<int> run_through_typed_door(Context& ctx, client::ServiceClient& c,
                                          const std::string& command);

} // namespace tl::cli
