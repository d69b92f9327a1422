#include "bench/agent_bench.h"

#include <filesystem>
#include <memory>

#include "agent/client_registry.h"
#include "agent/identity.h"
#include "bench/agent_process.h"
#include "bench/bench_sources.h"
#include "bench/passes.h"
#include "bench/scratch_backup.h"
#include "common/units.h"

namespace tl::bench {

namespace {

double rate_of(const job::JobReport& r, double amount) {
    const double s = job::working_seconds(r);
    return s > 0 ? amount / s : 0;
}

std::string client_name(std::size_t i) {
    return "bench-agent-" + std::to_string(i + 1);
}

// On a virtual machine the first write to memory the guest has not touched lately is several
// times slower (the host backs it again; freed pages are handed back to it within seconds).
// A copy of the files (removed again) right before each backup touches what its cartridges
// will take, so neither backup pays that and the other not.
Status touch_memory(const std::vector<std::string>& files, const std::string& scratch,
                    const std::function<void(const std::string&)>& note) {
    if (note)
        note("warm-up before each backup: a copy of the files to " + scratch +
             "/warm.out (untimed, removed)");
    SystemClock clock;
    auto warm = copy_pass(files, scratch + "/warm.out", 128u << 10, clock);
    if (!warm) return warm.error();
    return {};
}

// The agents, serving, each added as a client of the engine and trusting its service; their
// sources as the backup names them ("client:NAME:/path").
struct AgentFleet {
    std::vector<std::unique_ptr<AgentChild>> agents;
    std::vector<std::string> sources;
};

// Source i goes to agent i mod n; each agent may read only its own sources.
std::vector<std::vector<std::string>> deal(const std::vector<std::string>& sources, std::size_t n) {
    std::vector<std::vector<std::string>> out(n);
    for (std::size_t i = 0; i < sources.size(); ++i)
        out[i % n].push_back(std::filesystem::absolute(sources[i]).lexically_normal().string());
    return out;
}

Result<AgentFleet> start_fleet(Engine& engine, const AgentBenchOptions& o,
                               const std::vector<std::string>& sources, const std::string& scratch,
                               Clock& clock) {
    AgentFleet fleet;
    const auto dealt = deal(sources, o.agents);
    auto me = agent::service_identity(engine.home());
    if (!me) return me.error();
    for (std::size_t i = 0; i < o.agents; ++i) {
        auto a = std::make_unique<AgentChild>();
        a->state = scratch + "/agent-" + std::to_string(i + 1);
        a->log = a->state + ".log";
        TL_TRY(init_agent_state(*a, o.agent_program));
        TL_TRY(start_serving(*a, o.agent_program, dealt[i]));
        auto added = agent::add_client(engine, client_name(i), a->address, a->fingerprint,
                                       to_unix_seconds(clock.wall()));
        if (!added) return added.error();
        TL_TRY(trust_service_of(*a, o.agent_program, me->fingerprint));
        for (const auto& path : dealt[i])
            fleet.sources.push_back(agent::client_source(client_name(i), path));
        fleet.agents.push_back(std::move(a));
    }
    return fleet;
}

ScratchBackup scratch_backup_of(const AgentBenchOptions& o, std::vector<std::string> sources,
                                std::uint64_t bytes) {
    ScratchBackup sb;
    sb.sources = std::move(sources);
    sb.bytes = bytes;
    sb.drives = o.drives;
    sb.sessions_per_drive = o.sessions_per_drive;
    sb.block_size = o.block_size;
    if (o.drive_rate > 0)
        sb.streaming =
            nlohmann::json{{"rate", o.drive_rate}, {"buffer", 64e6}, {"reposition_s", 3.0}};
    sb.cancel = o.cancel;
    return sb;
}

// The backup from the agents: a fresh data directory, the agents started and added, the job,
// then each agent stopped for its CPU.
Status remote_backup(AgentBenchResult& r, const BenchSources& prepared, const std::string& scratch,
                     Clock& clock) {
    const auto& sources = prepared.sources;
    const auto& files = prepared.files;
    const auto& o = r.options;
    ScratchDir home{scratch + "/remote"};
    auto engine = open_bench_engine(home.path, clock);
    if (!engine) return engine.error();
    auto sb = scratch_backup_of(o, {}, r.bytes);
    TL_TRY(add_bench_library(*engine.value(), sb.drives, sb.bytes, sb.streaming));
    auto fleet = start_fleet(*engine.value(), o, sources, scratch, clock);
    if (!fleet) return fleet.error();
    sb.sources = fleet->sources;
    sb.cancel = o.cancel;
    TL_TRY(touch_memory(files, scratch, {}));
    auto rep = run_scratch_backup(*engine.value(), sb, clock);
    if (!rep) return rep.error();
    r.remote = rep.value();
    for (std::size_t i = 0; i < fleet->agents.size(); ++i) {
        auto cpu = fleet->agents[i]->stop();
        if (!cpu) return cpu.error();
        ClientShare c;
        c.name = client_name(i);
        c.cpu_seconds = cpu.value();
        const std::string prefix = agent::client_source(c.name, "");
        for (const auto& s : r.remote.sessions)
            if (s.source.rfind(prefix, 0) == 0) {
                c.sessions += 1;
                c.bytes += s.bytes;
                c.files += s.files;
            }
        c.rate = rate_of(r.remote, static_cast<double>(c.bytes));
        r.agent_cpu_seconds += c.cpu_seconds;
        r.clients.push_back(c);
    }
    return {};
}

Status check_options(const AgentBenchOptions& o) {
    if (o.agents < 1 || o.drives < 1 || o.sessions_per_drive < 1)
        return make_error(ErrorKind::InvalidArgument,
                          "--agents, --drives and --sessions-per-drive take a number >= 1");
    // Each agent serves at least one source (generated: one per drive and session).
    const std::size_t sources =
        o.sources.empty() ? o.drives * o.sessions_per_drive : o.sources.size();
    if (o.agents > sources)
        return make_error(ErrorKind::InvalidArgument,
                          "--agents " + std::to_string(o.agents) + ": only " +
                              std::to_string(sources) +
                              " source(s) to deal over the agents; give more --source, or more "
                              "--drives or --sessions-per-drive for generated data");
    return {};
}

} // namespace

double AgentBenchResult::local_rate() const {
    return rate_of(local, static_cast<double>(local.bytes));
}
double AgentBenchResult::remote_rate() const {
    return rate_of(remote, static_cast<double>(remote.bytes));
}
double AgentBenchResult::local_files_rate() const {
    return rate_of(local, static_cast<double>(local.files));
}
double AgentBenchResult::remote_files_rate() const {
    return rate_of(remote, static_cast<double>(remote.files));
}
double AgentBenchResult::ratio() const {
    return local_rate() > 0 ? remote_rate() / local_rate() : 0;
}
double AgentBenchResult::files_ratio() const {
    return local_files_rate() > 0 ? remote_files_rate() / local_files_rate() : 0;
}
double AgentBenchResult::bacula_ratio() const {
    return remote_files_rate() / kBaculaFilesPerSecond;
}

Result<AgentBenchResult> run_agent_bench(const AgentBenchOptions& o, Clock& clock) {
    TL_TRY(check_options(o));
    auto note = [&](const std::string& s) {
        if (o.note) o.note(s);
    };
    AgentBenchResult r;
    r.machine = read_machine_info(clock);
    r.options = recorded_options(o);
    auto stage = stage_bench(o.scratch, source_request(o, {}), clock, note);
    if (!stage) return stage.error();
    const ScratchDir& scratch = stage.value()->scratch;
    const BenchSources* prepared = &stage.value()->prepared;
    r.generated = prepared->generated;
    r.sources = prepared->sources.size();
    r.files = prepared->warm.files;
    r.bytes = prepared->warm.bytes;
    TL_TRY(touch_memory(prepared->files, scratch.path, note));
    TL_TRY(cancelled_check(o.cancel));
    note("backup from local sources: " + std::to_string(o.drives) + " drive(s) x " +
         std::to_string(o.sessions_per_drive) + " session(s), virtual drives under " +
         scratch.path + "/local");
    {
        ScratchDir home{scratch.path + "/local"};
        auto rep =
            backup_to_scratch(scratch_backup_of(o, prepared->sources, r.bytes), home.path, clock);
        if (!rep) return rep.error();
        r.local = rep.value();
    }
    TL_TRY(cancelled_check(o.cancel));
    note("backup of the same from " + std::to_string(o.agents) + " tapeloom-agent process(es) (" +
         o.agent_program + ") over TLS on 127.0.0.1, virtual drives under " + scratch.path +
         "/remote");
    TL_TRY(remote_backup(r, *prepared, scratch.path, clock));
    return r;
}

} // namespace tl::bench
