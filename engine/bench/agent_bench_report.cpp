// bench agent's report (bench/agent_bench.h): JSON and the table.
#include <sstream>

#include "bench/agent_bench.h"
#include "bench/report_util.h"
#include "common/units.h"

namespace tl::bench {

namespace {

nlohmann::json agent_drives_json(const job::JobReport& b) {
    auto a = nlohmann::json::array();
    for (const auto& d : b.drives)
        a.push_back({{"name", d.name},
                     {"bytes", d.bytes},
                     {"blocks", d.blocks},
                     {"mb_s", mb_per_s(static_cast<double>(d.bytes), job::working_seconds(b))},
                     {"repositions", d.shoeshine_events}});
    return a;
}

nlohmann::json backup_json(const job::JobReport& b, double cpu_seconds) {
    const double s = job::working_seconds(b);
    return {{"job_status", b.status},
            {"sessions", b.sessions.size()},
            {"bytes", b.bytes},
            {"files", b.files},
            {"seconds", s},
            {"mb_s", mb_per_s(static_cast<double>(b.bytes), s)},
            {"files_per_s", s > 0 ? static_cast<double>(b.files) / s : 0.0},
            {"cpu_seconds", cpu_seconds},
            {"cpu_s_per_gib", cpu_per_gib(cpu_seconds, static_cast<double>(b.bytes))},
            {"drive_reports", agent_drives_json(b)}};
}

std::size_t drives_written(const job::JobReport& b) {
    std::size_t n = 0;
    for (const auto& d : b.drives)
        n += d.blocks > 0 ? 1 : 0;
    return n;
}

} // namespace

nlohmann::json to_json(const AgentBenchResult& r) {
    const auto& o = r.options;
    auto clients = nlohmann::json::array();
    for (const auto& c : r.clients)
        clients.push_back(
            {{"name", c.name},
             {"sessions", c.sessions},
             {"bytes", c.bytes},
             {"files", c.files},
             {"mb_s", c.rate / 1e6},
             {"cpu_seconds", c.cpu_seconds},
             {"cpu_s_per_gib", cpu_per_gib(c.cpu_seconds, static_cast<double>(c.bytes))}});
    auto agent = backup_json(r.remote, r.remote.cpu_seconds);
    const double bytes = static_cast<double>(r.remote.bytes);
    agent["agents"] = o.agents;
    agent["clients"] = clients;
    agent["service_cpu_s_per_gib"] = cpu_per_gib(r.remote.cpu_seconds, bytes);
    agent["agent_cpu_seconds"] = r.agent_cpu_seconds;
    agent["agent_cpu_s_per_gib"] = cpu_per_gib(r.agent_cpu_seconds, bytes);
    agent["total_cpu_s_per_gib"] = cpu_per_gib(r.remote.cpu_seconds + r.agent_cpu_seconds, bytes);
    agent["drives_used"] = drives_written(r.remote);
    return {{"date", r.machine.date},
            {"machine", machine_json(r.machine)},
            {"data",
             {{"generated", r.generated},
              {"sources", r.sources},
              {"files", r.files},
              {"bytes", r.bytes}}},
            {"drives", o.drives},
            {"sessions_per_drive", o.sessions_per_drive},
            {"block_size", o.block_size},
            {"drive_rate_mb_s", o.drive_rate / 1e6},
            {"local", backup_json(r.local, r.local.cpu_seconds)},
            {"agent", agent},
            {"ratio_agent_local", r.ratio()},
            {"ratio_agent_local_files", r.files_ratio()},
            {"bacula_files_per_s", kBaculaFilesPerSecond},
            {"bacula_figure", "quoted from docs/benchmarks.md, not measured by this run"},
            {"ratio_agent_bacula_files", r.bacula_ratio()}};
}

namespace {

void backup_line(std::ostringstream& o, const char* what, const job::JobReport& b) {
    const double s = job::working_seconds(b);
    o << "  " << what << format_rate(s > 0 ? static_cast<double>(b.bytes) / s : 0) << ", "
      << static_cast<long long>(s > 0 ? static_cast<double>(b.files) / s : 0) << " files/s, " << s
      << " s, job " << b.status << ", " << drives_written(b) << " drive(s) wrote data, "
      << b.sessions.size() << " session(s)\n";
}

void drives_lines(std::ostringstream& o, const job::JobReport& b) {
    for (const auto& d : b.drives)
        o << "    drive " << d.name << " : "
          << format_rate(job::working_seconds(b) > 0
                             ? static_cast<double>(d.bytes) / job::working_seconds(b)
                             : 0)
          << ", " << format_bytes(d.bytes) << ", " << d.shoeshine_events << " reposition(s)\n";
}

} // namespace

std::string format_agent_bench(const AgentBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    const auto& m = r.machine;
    const double gib = static_cast<double>(r.remote.bytes);
    o << "Tapeloom bench agent, " << m.date << "\n"
      << "  machine : " << m.cpus << " CPUs (" << m.cpu_model << "), " << format_bytes(m.memory)
      << " RAM, load " << m.load_average << " at start\n"
      << "  data    : " << r.files << " files, " << format_bytes(r.bytes) << " in " << r.sources
      << " source(s)" << (r.generated ? " (generated, incompressible)" : "") << "\n"
      << "  job     : " << r.options.drives << " drive(s) x " << r.options.sessions_per_drive
      << " session(s), " << format_bytes(r.options.block_size) << " blocks"
      << (r.options.drive_rate > 0 ? ", drives at " + format_rate(r.options.drive_rate) : "")
      << "\n";
    backup_line(o, "local sources       : ", r.local);
    o << "    CPU " << cpu_per_gib(r.local.cpu_seconds, static_cast<double>(r.local.bytes))
      << " s/GiB\n";
    drives_lines(o, r.local);
    backup_line(o, "from agents (TLS)   : ", r.remote);
    o << "    CPU service " << cpu_per_gib(r.remote.cpu_seconds, gib) << " s/GiB, agents "
      << cpu_per_gib(r.agent_cpu_seconds, gib) << " s/GiB, together "
      << cpu_per_gib(r.remote.cpu_seconds + r.agent_cpu_seconds, gib) << " s/GiB\n";
    drives_lines(o, r.remote);
    for (const auto& c : r.clients)
        o << "    client " << c.name << " : " << format_rate(c.rate) << ", " << c.sessions
          << " session(s), " << c.files << " files, " << format_bytes(c.bytes) << ", agent CPU "
          << cpu_per_gib(c.cpu_seconds, static_cast<double>(c.bytes)) << " s/GiB\n";
    o << "  agent / local (MB/s)    : " << r.ratio() << "\n"
      << "  agent / local (files/s) : " << r.files_ratio() << "\n"
      << "  agent / Bacula 9.6 fd (files/s) : " << r.bacula_ratio() << " (Bacula's "
      << static_cast<long long>(kBaculaFilesPerSecond)
      << " files/s on this machine is quoted from docs/benchmarks.md, not measured here)\n";
    return o.str();
}

} // namespace tl::bench
