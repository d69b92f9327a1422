#pragma once
// `tapeloom-cli bench agent` (issue 41, docs/benchmarks.md): the same files backed up twice in
// one run, into fresh data directories with virtual libraries on the scratch directory: first
// from local sources, then from real tapeloom-agent processes (each with its own state
// directory, serving on 127.0.0.1 over the pinned mutual TLS link) that the bench starts,
// trusts and adds as clients. The sources are dealt over the agents (source i to agent
// i mod N). It relates the two: MB/s and files/s, the CPU per GiB of this process (the
// service's side, the job runs in it) and of the agents (wait4 of each child), each client's
// share, each drive's bytes and repositions, and the files/s against Bacula 9.6's file daemon
// on this machine (a figure quoted from docs/benchmarks.md, not measured by the bench).
// Everything it creates is removed at the end.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/machine_info.h"
#include "common/clock.h"
#include "common/result.h"
#include "job/job_report.h"

namespace tl::bench {

// Bacula 9.6's file daemon on this machine, 4 concurrent jobs of the reference small set
// (docs/benchmarks.md "Remote clients"): quoted, not measured by the bench.
inline constexpr double kBaculaFilesPerSecond = 9408;

struct AgentBenchOptions {
    std::vector<std::string> sources; // empty: generate `files` files of `size` bytes in total
    std::uint64_t size = 1ull << 30;
    std::uint64_t files = 4;
    std::size_t agents = 1;
    std::size_t drives = 2;
    std::size_t sessions_per_drive = 4;
    std::size_t block_size = 256 * 1024;
    double drive_rate = 0; // > 0: drives streaming at this rate (as bench backup --drive-rate)
    std::string scratch = "/dev/shm";
    std::string agent_program = "tapeloom-agent";
    std::function<void(const std::string&)> note;
    std::atomic<bool>* cancel = nullptr;
};

struct ClientShare {
    std::string name;
    std::size_t sessions = 0;
    std::uint64_t bytes = 0, files = 0;
    double cpu_seconds = 0; // the agent process's
    double rate = 0;        // bytes over the job's working seconds
};

struct AgentBenchResult {
    MachineInfo machine;
    AgentBenchOptions options;
    bool generated = false;
    std::size_t sources = 0;
    std::uint64_t bytes = 0, files = 0; // the regular files under the sources
    job::JobReport local;               // the backup from local sources
    job::JobReport remote;              // the same from the agents
    std::vector<ClientShare> clients;
    double agent_cpu_seconds = 0; // all agents

    double local_rate() const;
    double remote_rate() const;
    double local_files_rate() const;
    double remote_files_rate() const;
    double ratio() const;       // remote MB/s over local MB/s
    double files_ratio() const; // remote files/s over local files/s
    double bacula_ratio() const;
};

Result<AgentBenchResult> run_agent_bench(const AgentBenchOptions& options, Clock& clock);

nlohmann::json to_json(const AgentBenchResult& r);
std::string format_agent_bench(const AgentBenchResult& r);

} // namespace tl::bench
