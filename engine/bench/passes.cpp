#include "bench/passes.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include <fcntl.h>
#include <unistd.h>

#include "bench/io_error.h"
#include "metrics/process_stat.h"

namespace tl::bench {

double process_cpu_seconds() {
    return metrics::read_process_stat().cpu_seconds;
}

namespace fs = std::filesystem;

namespace {

// Owns a file descriptor so every early return closes it.
struct Fd {
    int fd = -1;
    explicit Fd(int f) : fd(f) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

Status write_all(int fd, const char* p, std::size_t n, const std::string& path) {
    while (n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) return io_error("cannot write", path);
        p += w;
        n -= static_cast<std::size_t>(w);
    }
    return {};
}

// Lets the kernel copy, as coreutils cat (9.x) does between regular files: no bytes through
// user space. Returns false when the filesystems do not support it (then read/write does).
Result<bool> kernel_copy(int in, int out, const std::string& path, std::uint64_t& total) {
    for (;;) {
        const ssize_t n = ::copy_file_range(in, nullptr, out, nullptr, 1u << 30, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && total == 0 &&
            (errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP))
            return false;
        if (n < 0) return io_error("cannot copy", path);
        if (n == 0) return true;
        total += static_cast<std::uint64_t>(n);
    }
}

// Reads one file to its end; each chunk goes to `sink` (-1: discarded).
Result<std::uint64_t> stream_file(const std::string& path, std::vector<char>& buf, int sink,
                                  const std::string& sink_path) {
    Fd in(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (in.fd < 0) return io_error("cannot open", path);
    std::uint64_t total = 0;
    if (sink >= 0) {
        auto done = kernel_copy(in.fd, sink, path, total);
        if (!done) return done.error();
        if (done.value()) return total;
    }
    for (;;) {
        const ssize_t r = ::read(in.fd, buf.data(), buf.size());
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return io_error("cannot read", path);
        if (r == 0) break;
        total += static_cast<std::uint64_t>(r);
        if (sink >= 0) TL_TRY(write_all(sink, buf.data(), static_cast<std::size_t>(r), sink_path));
    }
    return total;
}

Result<PassResult> run_pass(const std::vector<std::string>& files, std::size_t buffer, int sink,
                            const std::string& sink_path, Clock& clock) {
    std::vector<char> buf(buffer);
    PassResult p;
    const PassTiming timing{clock};
    for (const auto& f : files) {
        auto n = stream_file(f, buf, sink, sink_path);
        if (!n) return n.error();
        p.bytes += n.value();
        p.files++;
    }
    timing.end(p);
    return p;
}

} // namespace

Result<std::vector<std::string>> list_files(const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const auto& p : paths) {
        std::error_code ec;
        const auto st = fs::symlink_status(p, ec);
        if (ec) return make_error(ErrorKind::NotFound, "source " + p + ": " + ec.message());
        if (fs::is_regular_file(st)) {
            out.push_back(p);
            continue;
        }
        if (!fs::is_directory(st))
            return make_error(ErrorKind::InvalidArgument,
                              "source " + p + " is neither a file nor a directory");
        for (fs::recursive_directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec))
            if (it->is_regular_file(ec) && !it->is_symlink(ec)) out.push_back(it->path().string());
        if (ec) return make_error(ErrorKind::Io, "cannot walk " + p + ": " + ec.message());
    }
    return out;
}

Result<PassResult> read_pass(const std::vector<std::string>& files, std::size_t buffer,
                             Clock& clock) {
    return run_pass(files, buffer, -1, {}, clock);
}

Result<PassResult> copy_pass(const std::vector<std::string>& files, const std::string& target,
                             std::size_t buffer, Clock& clock) {
    Fd out(::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
    if (out.fd < 0) return io_error("cannot create", target);
    auto r = run_pass(files, buffer, out.fd, target, clock);
    ::unlink(target.c_str()); // the copy only exists to be timed
    return r;
}

} // namespace tl::bench
