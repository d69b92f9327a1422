#pragma once
// The three parts of bench service (service_bench.h), each on its own scratch data directory.
#include "bench/service_bench.h"

namespace tl::bench {

Status time_service_calls(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock);
Status measure_stream_cost(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock);
Status compare_backups(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock);

// mkdir `home` (0700, as the service wants its data directory) below a scratch directory.
Status make_private_home(const std::string& home);

} // namespace tl::bench
