#pragma once
// A job definition: a named, stored backup (what to read, where to write, how) plus what the
// scheduler needs (priority, retries, missed-run policy) and the commands run around it.
// Stored in the catalog as JSON (job_definitions.spec); exported and imported in the same form.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::schedule {

struct JobDefinition {
    std::int64_t id = 0;              // catalog id; 0 = not stored yet
    std::string name;                 // unique; letters, digits, '.', '_', '-'
    std::vector<std::string> sources; // as `backup --source` takes them
    std::vector<std::string> include, exclude;
    bool one_file_system = false;
    std::string pool = "Default";
    std::string library;                // "" = the first configured library
    std::size_t drives = 0;             // drives allowed; 0 = as many as useful
    std::size_t sessions_per_drive = 4; // K
    std::size_t block_size = 256 * 1024;
    std::size_t read_buffer = 2u << 20;
    std::string compression = "none";
    // Encryption (docs/media.md "Encryption"); "" follows the pool. encryption: none |
    // aes-256-gcm; key: a key name; encrypt_names: yes | no.
    std::string encryption, key, encrypt_names;
    int priority = 50;          // 0..100; higher starts first
    int retention_days = 0;     // 0 = the pool's retention
    std::string pre_command;    // run by /bin/sh before the backup; failing fails the job
    std::string post_command;   // run after the backup (any status); JOB status in $TAPELOOM_STATUS
    std::string notify_command; // gets the job report as JSON on stdin at the job's end
    int retries = 0;            // a failed run is retried this many times
    double retry_delay = 600;   // seconds between a failure and its retry
    bool allow_concurrent = false; // may a second run start while one is queued or running
    std::string missed = "run";    // runs missed while no scheduler ran: "run" once, or "skip"
};

nlohmann::json to_json(const JobDefinition& d);
// Missing keys keep their defaults; unknown keys and wrong types are InvalidArgument naming
// the key.
Result<JobDefinition> definition_from_json(const nlohmann::json& j);

// The checks that need no catalog: name, sizes, counts, codec, policies.
Status check_definition(const JobDefinition& d);

} // namespace tl::schedule
