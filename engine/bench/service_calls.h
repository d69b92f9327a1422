#pragma once
// The calls bench service times (its latency and during-backup parts), as a user's commands
// make them, and the timing of a series of them: from the client, and the service's own part
// from its Server-Timing headers (docs/api.md "Timing").
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/service_bench.h"
#include "client/service_client.h"

namespace tl::bench {

// Median, p99 and worst of `seconds` (sorted here).
struct Spread {
    double median = 0, p99 = 0, worst = 0;
};
Spread spread_of(std::vector<double> seconds);

// `jobs list` as the CLI runs it through a service: the whole history in pages of 10,000
// (GET /v1/jobs through the typed door); the jobs read.
Result<std::uint64_t> jobs_list_call(client::ServiceClient& c);

// `files ls --job JOB DIR` as the CLI runs it through a service: every page of 1,000 of the
// directory (GET /v1/files, compact pages read into typed entries); the entries of all pages.
Result<std::uint64_t> files_ls_call(client::ServiceClient& c, std::int64_t job,
                                    const std::string& dir);

// `calls` timed calls of `fn` (which returns the rows of its answer) after `warm` untimed ones.
// `c`, when given, is the client `fn` calls through: the service's part of each call is the
// growth of its service_seconds().
template <class F>
Result<CallTiming> time_calls(std::string what, std::size_t calls, client::ServiceClient* c, F fn,
                              std::size_t warm = 5) {
    CallTiming t;
    t.what = std::move(what);
    t.calls = calls;
    for (std::size_t i = 0; i < warm; ++i)
        if (auto n = fn(); !n) return n.error();
    std::vector<double> total, service;
    for (std::size_t i = 0; i < calls; ++i) {
        const double s0 = c ? c->service_seconds() : 0;
        const auto t0 = std::chrono::steady_clock::now();
        auto n = fn();
        total.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (c) service.push_back(c->service_seconds() - s0);
        if (!n) return n.error();
        t.rows = n.value();
    }
    const Spread all = spread_of(total);
    t.median = all.median;
    t.p99 = all.p99;
    t.worst = all.worst;
    if (c) {
        const Spread in_service = spread_of(service);
        t.service_median = in_service.median;
        t.service_p99 = in_service.p99;
        t.service_worst = in_service.worst;
        t.has_service_time = true;
    }
    return t;
}

} // namespace tl::bench
