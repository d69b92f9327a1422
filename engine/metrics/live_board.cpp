#include "metrics/live_board.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/log.h"

namespace tl::metrics {

namespace {
bool process_alive(long long pid) {
    if (pid <= 0) return false;
    return kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}
} // namespace

LiveBoard::LiveBoard(std::string home) : dir_(std::move(home) + "/live") {}

Status LiveBoard::publish(const LiveSnapshot& s) const {
    if (mkdir(dir_.c_str(), 0755) != 0 && errno != EEXIST)
        return make_error(ErrorKind::Io, "cannot create " + dir_ + ": " + std::strerror(errno));
    const std::string path = dir_ + "/job-" + std::to_string(s.job_id) + ".json";
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << to_json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (!out)
            return make_error(ErrorKind::Io, "cannot write " + tmp + ": " + std::strerror(errno));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        return make_error(ErrorKind::Io, "cannot rename " + tmp + ": " + std::strerror(errno));
    return {};
}

Result<std::vector<LiveSnapshot>> LiveBoard::read() const {
    std::vector<LiveSnapshot> out;
    DIR* d = opendir(dir_.c_str());
    if (!d) {
        if (errno == ENOENT) return out;
        return make_error(ErrorKind::Io, "cannot list " + dir_ + ": " + std::strerror(errno));
    }
    while (dirent* e = readdir(d)) {
        const std::string name = e->d_name;
        if (name.rfind("job-", 0) != 0 || name.size() < 6 ||
            name.compare(name.size() - 5, 5, ".json") != 0)
            continue;
        std::ifstream in(dir_ + "/" + name);
        std::stringstream text;
        text << in.rdbuf();
        auto j = nlohmann::json::parse(text.str(), nullptr, false);
        if (j.is_discarded()) {
            log::get("metrics")->debug("skipping unreadable live file {}/{}", dir_, name);
            continue;
        }
        auto s = snapshot_from_json(j);
        if (!s.ended && !process_alive(s.pid)) {
            s.ended = true;
            s.status = "interrupted";
        }
        out.push_back(std::move(s));
    }
    closedir(d);
    std::sort(out.begin(), out.end(), [](const LiveSnapshot& a, const LiveSnapshot& b) {
        if (a.ended != b.ended) return !a.ended;
        return a.job_id < b.job_id;
    });
    return out;
}

void LiveBoard::prune(long long now_unix, double age_seconds) const {
    auto all = read();
    if (!all) return;
    for (const auto& s : all.value())
        if (s.ended && static_cast<double>(now_unix - s.wall_time) > age_seconds) {
            const std::string path = dir_ + "/job-" + std::to_string(s.job_id) + ".json";
            if (std::remove(path.c_str()) != 0 && errno != ENOENT)
                log::get("metrics")->warn("cannot remove {}: {}", path, std::strerror(errno));
        }
}

} // namespace tl::metrics
