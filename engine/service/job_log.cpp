#include "service/job_log.h"

#include <cctype>
#include <cstdio>
#include <ctime>
#include <fstream>

namespace tl::service {

namespace {
// Whether `line` names a job other than `job` ("backup job 8: …", "job 8: …").
bool names_another_job(const std::string& line, long long job) {
    for (std::size_t at = line.find("job "); at != std::string::npos;
         at = line.find("job ", at + 4)) {
        if (at > 0 && std::isalnum(static_cast<unsigned char>(line[at - 1]))) continue;
        std::size_t end = at + 4;
        while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end])))
            ++end;
        if (end == at + 4 ||
            (end < line.size() && std::isalnum(static_cast<unsigned char>(line[end]))))
            continue;
        const std::string digits = line.substr(at + 4, end - at - 4);
        if (digits.size() > 18 || std::stoll(digits) != job) return true; // no overflow
    }
    return false;
}

std::string trimmed(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return s.substr(b, e - b);
}
} // namespace

long long log_line_stamp(const std::string& line) {
    if (line.size() < 23 || line[4] != '-' || line[10] != ' ' || line[19] != '.') return -1;
    std::tm tm{};
    int ms = 0;
    if (std::sscanf(line.c_str(), "%4d-%2d-%2d %2d:%2d:%2d.%3d", &tm.tm_year, &tm.tm_mon,
                    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &ms) != 7)
        return -1;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    tm.tm_isdst = -1; // local time, as engine/common/log.cpp writes it
    const std::time_t t = std::mktime(&tm);
    return t == static_cast<std::time_t>(-1) ? -1 : static_cast<long long>(t);
}

std::vector<std::string> job_log_lines(const std::string& home, const JobLogWindow& window,
                                       std::size_t max_lines) {
    const long long until = (window.ended > 0 ? window.ended : window.now) + 1;
    std::vector<std::string> out;
    for (const char* name : {"/logs/tapeloom.1.log", "/logs/tapeloom.log"}) {
        std::ifstream file(home + name);
        bool inside = false;
        for (std::string raw; std::getline(file, raw);) {
            const std::string line = trimmed(raw);
            if (line.empty()) continue;
            const long long t = log_line_stamp(line);
            if (t >= 0)
                inside = t >= window.started && t <= until &&
                         !(window.job > 0 && names_another_job(line, window.job));
            if (inside) out.push_back(line);
        }
    }
    if (out.size() > max_lines) out.erase(out.begin(), out.end() - static_cast<long>(max_lines));
    return out;
}

} // namespace tl::service
