#include "metrics/cpu_stat.h"

#include <fstream>
#include <sstream>

namespace tl::metrics {

Result<CpuReading> parse_proc_stat(const std::string& text) {
    CpuReading r;
    bool have_all = false;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("cpu", 0) != 0) continue;
        std::istringstream ls(line);
        std::string name;
        CpuTimes t;
        ls >> name >> t.user >> t.nice >> t.system >> t.idle >> t.iowait >> t.irq >> t.softirq >>
            t.steal;
        if (ls.fail() && !ls.eof())
            return make_error(ErrorKind::Corrupt, "cannot parse /proc/stat line '" + line + "'");
        if (name == "cpu") {
            r.all = t;
            have_all = true;
        } else {
            r.per_cpu.push_back(t);
        }
    }
    if (!have_all) return make_error(ErrorKind::Corrupt, "/proc/stat has no 'cpu' line");
    return r;
}

Result<CpuReading> read_proc_stat(const std::string& path) {
    std::ifstream f(path);
    if (!f) return make_error(ErrorKind::Io, "cannot read " + path);
    std::stringstream ss;
    ss << f.rdbuf();
    return parse_proc_stat(ss.str());
}

CpuUsage usage_between(const CpuTimes& a, const CpuTimes& b) {
    CpuUsage u;
    if (b.total() <= a.total()) {
        u.idle = 100.0;
        return u;
    }
    const double dt = static_cast<double>(b.total() - a.total());
    auto d = [](std::uint64_t x, std::uint64_t y) {
        return y >= x ? static_cast<double>(y - x) : 0.0;
    };
    u.user = 100.0 * (d(a.user, b.user) + d(a.nice, b.nice)) / dt;
    u.system = 100.0 * (d(a.system, b.system) + d(a.irq, b.irq) + d(a.softirq, b.softirq)) / dt;
    u.iowait = 100.0 * d(a.iowait, b.iowait) / dt;
    u.idle = 100.0 * d(a.idle, b.idle) / dt;
    return u;
}

CpuSample usage_between(const CpuReading& a, const CpuReading& b) {
    CpuSample s;
    s.all = usage_between(a.all, b.all);
    const std::size_t n = std::min(a.per_cpu.size(), b.per_cpu.size());
    for (std::size_t i = 0; i < n; ++i)
        s.per_cpu.push_back(usage_between(a.per_cpu[i], b.per_cpu[i]));
    return s;
}

} // namespace tl::metrics
