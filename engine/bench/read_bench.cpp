#include "bench/read_bench.h"

#include <cerrno>
#include <cstring>
#include <mutex>
#include <sstream>
#include <sys/stat.h>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include "bench/passes.h"
#include "bench/report_util.h"
#include "common/units.h"

namespace tl::bench {

namespace {

// Large files are cut into pieces so that N readers share even one big file; each piece is
// read sequentially (as a reader of a disk partition would), so readahead still works.
constexpr std::uint64_t kPiece = 64ull << 20;

struct Piece {
    std::size_t file;
    std::uint64_t offset, length;
};

struct Work {
    Work(const std::vector<std::string>& f, const std::vector<Piece>& p) : files(f), pieces(p) {}
    const std::vector<std::string>& files;
    const std::vector<Piece>& pieces;
    std::atomic<std::size_t> next{0};
    std::atomic<std::uint64_t> bytes{0};
    std::mutex m;
    std::string error; // the first failure; the other readers stop at their next piece
};

void reader(Work& w, std::size_t buffer, std::atomic<bool>* cancel) {
    std::vector<char> buf(buffer);
    for (;;) {
        const std::size_t i = w.next.fetch_add(1);
        if (i >= w.pieces.size() || (cancel && cancel->load())) return;
        {
            std::lock_guard lock(w.m);
            if (!w.error.empty()) return;
        }
        const Piece& p = w.pieces[i];
        const std::string& path = w.files[p.file];
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        std::string err;
        if (fd < 0) err = "cannot open " + path + ": " + std::strerror(errno);
        std::uint64_t done = 0;
        while (fd >= 0 && done < p.length) {
            const std::size_t want =
                static_cast<std::size_t>(std::min<std::uint64_t>(buffer, p.length - done));
            const ssize_t n = ::pread(fd, buf.data(), want, static_cast<off_t>(p.offset + done));
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) err = "cannot read " + path + ": " + std::strerror(errno);
            if (n <= 0) break; // 0: the file shrank while we read; count what was there
            done += static_cast<std::uint64_t>(n);
        }
        if (fd >= 0) ::close(fd);
        w.bytes += done;
        if (!err.empty()) {
            std::lock_guard lock(w.m);
            if (w.error.empty()) w.error = err;
        }
    }
}

Result<ReadLevel> run_level(const std::vector<std::string>& files, const std::vector<Piece>& pieces,
                            std::size_t n, std::size_t buffer, std::atomic<bool>* cancel,
                            Clock& clock) {
    Work w(files, pieces);
    const PassTiming timing{clock};
    {
        std::vector<std::jthread> threads;
        for (std::size_t i = 0; i < n; ++i)
            threads.emplace_back([&] { reader(w, buffer, cancel); });
    }
    ReadLevel l;
    l.concurrency = n;
    l.seconds = timing.seconds();
    l.cpu_seconds = timing.cpu_seconds();
    l.bytes = w.bytes.load();
    if (!w.error.empty()) return make_error(ErrorKind::Io, w.error);
    return l;
}

} // namespace

Result<ReadBenchResult> run_read_bench(const ReadBenchOptions& o, Clock& clock) {
    ReadBenchResult r;
    r.machine = read_machine_info(clock);
    auto files = list_files(o.paths);
    if (!files) return files.error();
    if (files->empty())
        return make_error(ErrorKind::InvalidArgument, "the paths hold no regular files");
    std::vector<Piece> pieces;
    for (std::size_t i = 0; i < files->size(); ++i) {
        struct stat st {};
        if (::stat((*files)[i].c_str(), &st) != 0)
            return make_error(ErrorKind::Io,
                              "cannot stat " + (*files)[i] + ": " + std::strerror(errno));
        const auto size = static_cast<std::uint64_t>(st.st_size);
        r.bytes += size;
        for (std::uint64_t off = 0; off == 0 || off < size; off += kPiece)
            pieces.push_back({i, off, std::min(kPiece, size - off)});
    }
    r.files = files->size();
    // Untimed, single reader: puts the files in the page cache (or shows they do not fit).
    auto warm = run_level(files.value(), pieces, 1, o.buffer, o.cancel, clock);
    if (!warm) return warm.error();
    r.warm_seconds = warm->seconds;
    for (std::size_t n : o.concurrency) {
        if (o.cancel && o.cancel->load())
            return make_error(ErrorKind::Cancelled, "bench cancelled");
        auto l = run_level(files.value(), pieces, n, o.buffer, o.cancel, clock);
        if (!l) return l.error();
        r.levels.push_back(l.value());
    }
    return r;
}

nlohmann::json to_json(const ReadBenchResult& r) {
    nlohmann::json levels = nlohmann::json::array();
    for (const auto& l : r.levels)
        levels.push_back(
            {{"concurrency", l.concurrency},
             {"bytes", l.bytes},
             {"seconds", l.seconds},
             {"mb_s", mb_per_s(static_cast<double>(l.bytes), l.seconds)},
             {"cpu_seconds", l.cpu_seconds},
             {"cpu_s_per_gib", cpu_per_gib(l.cpu_seconds, static_cast<double>(l.bytes))}});
    return {{"date", r.machine.date},    {"machine", machine_json(r.machine)},
            {"page_cache_warmed", true}, {"warm_seconds", r.warm_seconds},
            {"files", r.files},          {"bytes", r.bytes},
            {"read_size", 2u << 20},     {"levels", levels}};
}

std::string format_read_bench(const ReadBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    o << "Tapeloom bench read (NULL device: 2 MiB reads, discarded), " << r.machine.date << "\n"
      << "  machine: " << r.machine.cpus << " CPUs, load " << r.machine.load_average
      << " at start\n"
      << "  data   : " << r.files << " file(s), " << format_bytes(r.bytes)
      << "; page cache warmed first by an untimed read (" << r.warm_seconds << " s), so this "
      << "measures reads from memory, not the disk\n"
      << "  readers        MB/s   CPU s/GiB   seconds\n";
    for (const auto& l : r.levels) {
        o.width(9);
        o << l.concurrency;
        o.width(12);
        o << mb_per_s(static_cast<double>(l.bytes), l.seconds);
        o.width(12);
        o << cpu_per_gib(l.cpu_seconds, static_cast<double>(l.bytes));
        o.width(10);
        o << l.seconds << "\n";
    }
    return o.str();
}

} // namespace tl::bench
