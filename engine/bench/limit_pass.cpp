#include "bench/limit_pass.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

#include "bench/io_error.h"
#include "bench/xorshift.h"
#include "common/io_buffer.h"
#include "common/units.h"

namespace tl::bench {

namespace {

constexpr std::uint64_t kAlign = 4096; // every filesystem's direct-I/O alignment divides it

// Closes the descriptor and removes the file on every return.
struct LimitFile {
    std::string path;
    int fd = -1;
    ~LimitFile() {
        close();
        if (!path.empty()) ::unlink(path.c_str());
    }
    void close() {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }
    // Opens with O_DIRECT when `direct`; a filesystem refusing it clears `direct`.
    bool open(int flags, bool& direct) {
        if (direct) {
            fd = ::open(path.c_str(), flags | O_DIRECT | O_CLOEXEC, 0600);
            if (fd >= 0 || errno != EINVAL) return fd >= 0;
            direct = false;
        }
        fd = ::open(path.c_str(), flags | O_CLOEXEC, 0600);
        return fd >= 0;
    }
};

Result<PassResult> write_limit(LimitFile& f, std::uint64_t bytes, const std::uint8_t* buf,
                               Clock& clock) {
    PassResult p;
    p.files = 1;
    const PassTiming t{clock};
    while (p.bytes < bytes) {
        const std::uint64_t left = (bytes - p.bytes + kAlign - 1) / kAlign * kAlign;
        const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(kLimitBuffer, left));
        const ssize_t w = ::pwrite(f.fd, buf, n, static_cast<off_t>(p.bytes));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return io_error("cannot write", f.path);
        p.bytes += static_cast<std::uint64_t>(w);
    }
    if (::fdatasync(f.fd) != 0) return io_error("cannot sync", f.path);
    t.end(p);
    return p;
}

Result<PassResult> read_limit(LimitFile& f, std::uint8_t* buf, Clock& clock) {
    PassResult p;
    p.files = 1;
    const PassTiming t{clock};
    for (;;) {
        const ssize_t r = ::pread(f.fd, buf, kLimitBuffer, static_cast<off_t>(p.bytes));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return io_error("cannot read", f.path);
        if (r == 0) break;
        p.bytes += static_cast<std::uint64_t>(r);
    }
    t.end(p);
    return p;
}

} // namespace

Result<LimitResult> limit_pass(const std::string& dir, std::uint64_t bytes, Clock& clock) {
    IoBlock buf = make_io_block(kLimitBuffer);
    XorShift(40).fill(buf.get(), kLimitBuffer);
    LimitResult r;
    r.direct = true;
    LimitFile f{dir + "/limit.out"};
    if (!f.open(O_WRONLY | O_CREAT | O_TRUNC, r.direct)) return io_error("cannot create", f.path);
    auto w = write_limit(f, bytes, buf.get(), clock);
    if (!w) return w.error();
    r.write = w.value();
    f.close();
    if (!f.open(O_RDONLY, r.direct)) return io_error("cannot open", f.path);
    auto rd = read_limit(f, buf.get(), clock);
    if (!rd) return rd.error();
    r.read = rd.value();
    return r;
}

void add_limit_json(nlohmann::json& report, const LimitResult& l) {
    auto pass = [](const PassResult& p) {
        return nlohmann::json{{"bytes", p.bytes},
                              {"seconds", p.seconds},
                              {"mb_s", p.rate() / 1e6},
                              {"cpu_seconds", p.cpu_seconds}};
    };
    report["limit"] = {{"direct", l.direct}, {"write", pass(l.write)}, {"read", pass(l.read)}};
    report["limit_write_mb_s"] = l.write.rate() / 1e6;
    report["limit_read_mb_s"] = l.read.rate() / 1e6;
}

std::string format_limit(const LimitResult& l) {
    return std::string("limit (") + (l.direct ? "O_DIRECT" : "page cache, O_DIRECT refused") +
           ", 4 MiB writes, fdatasync) : write " + format_rate(l.write.rate()) + ", read " +
           format_rate(l.read.rate()) + ", " + format_bytes(l.write.bytes);
}

} // namespace tl::bench
