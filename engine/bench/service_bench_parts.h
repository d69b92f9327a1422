#pragma once
// The parts of bench service (service_bench.h), each on its own scratch data directory, and
// the setup they share.
#include "bench/service_bench.h"
#include "client/service_client.h"

namespace tl::bench {

Status time_service_calls(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock);
Status measure_stream_cost(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock);
Status time_calls_during_backup(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock);
Status compare_backups(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock);

// mkdir `home` (0700, as the service wants its data directory) below a scratch directory.
Status make_private_home(const std::string& home);

// The catalog of the data directory `home` (made here, 0700) for timed reads: bench catalog's
// tree of `entries` rows in `dirs` leaf directories (0: one per 1,000), then `jobs` more
// finished backups in the history, one an hour back from now.
Result<BenchCatalog> seed_service_home(const std::string& home, std::uint64_t entries,
                                       std::uint64_t dirs, std::uint64_t jobs,
                                       std::atomic<bool>* cancel, Clock& clock);

// Adds virtual library "bench" of `drives` drives, room for `bytes`, to the data directory
// `home` before its service starts (through an engine opened and closed here).
Status add_library_before_service(const std::string& home, std::size_t drives, std::uint64_t bytes,
                                  Clock& clock);

// POST /v1/backups of `drives` x `sessions` `bench-source` sources of `per_source` bytes at
// `rate` bytes/s each, to library "bench".
nlohmann::json throttled_backup_request(const std::string& program, std::size_t drives,
                                        std::size_t sessions, std::uint64_t per_source,
                                        double rate);

// The id of the job the queue entry became, once it runs (an error naming `what` when it ended
// first or did not start within a minute).
Result<std::int64_t> running_job(client::ServiceClient& c, std::int64_t queue_id,
                                 const std::string& what);

} // namespace tl::bench
