#include "bench/tar_pass.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/spawn.h"

namespace tl::bench {

namespace {
double children_cpu_seconds() {
    rusage ru{};
    ::getrusage(RUSAGE_CHILDREN, &ru);
    auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return s(ru.ru_utime) + s(ru.ru_stime);
}

template <class F>
Result<PassResult> timed(std::uint64_t files, std::uint64_t bytes, Clock& clock, F&& work) {
    PassResult p;
    p.files = files;
    p.bytes = bytes;
    const double cpu0 = children_cpu_seconds();
    const auto t0 = clock.now();
    TL_TRY(work());
    p.seconds = seconds_between(t0, clock.now());
    p.cpu_seconds = children_cpu_seconds() - cpu0;
    return p;
}
} // namespace

Status run_program(const std::vector<std::string>& argv) {
    proc::SpawnOptions quiet; // stdin and stdout on /dev/null, stderr ours
    quiet.err = proc::ChildStream::inherited();
    auto spawned = proc::spawn(argv, quiet);
    if (!spawned) return make_error(spawned.error().kind, spawned.error().message + "; install it");
    const pid_t pid = spawned.value();
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return make_error(ErrorKind::Io,
                              "waiting for " + argv[0] + ": " + std::strerror(errno));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return make_error(ErrorKind::Io, argv[0] + " " + (argv.size() > 1 ? argv[1] : "") +
                                             " failed (exit status " +
                                             std::to_string(WEXITSTATUS(status)) + ")");
    return {};
}

Status sync_filesystem(const std::string& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return make_error(ErrorKind::Io, "cannot open " + dir + ": " + std::strerror(errno));
    const int rc = ::syncfs(fd);
    const int e = errno;
    ::close(fd);
    if (rc != 0) return make_error(ErrorKind::Io, "syncfs " + dir + ": " + std::strerror(e));
    return {};
}

Result<PassResult> tar_create_pass(const std::vector<std::string>& sources,
                                   const std::string& archive, std::uint64_t files,
                                   std::uint64_t bytes, Clock& clock) {
    // Relative to "/", so both tools restore to DIR/original/path.
    std::vector<std::string> argv = {"tar", "-c", "-f", archive, "-C", "/"};
    for (const auto& s : sources) {
        std::string abs = std::filesystem::absolute(s).lexically_normal().string();
        while (abs.size() > 1 && abs.back() == '/')
            abs.pop_back();
        argv.push_back(abs == "/" ? "." : abs.substr(1));
    }
    const std::string dir = std::filesystem::path(archive).parent_path().string();
    TL_TRY(sync_filesystem(dir));
    return timed(files, bytes, clock, [&]() -> Status {
        TL_TRY(run_program(argv));
        return sync_filesystem(dir);
    });
}

Result<PassResult> tar_extract_pass(const std::string& archive, const std::string& dir, bool sync,
                                    std::uint64_t files, std::uint64_t bytes, Clock& clock) {
    return timed(files, bytes, clock, [&]() -> Status {
        TL_TRY(run_program({"tar", "-x", "-f", archive, "-C", dir}));
        if (sync) TL_TRY(sync_filesystem(dir));
        return {};
    });
}

} // namespace tl::bench
