#include "bench/data_gen.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

#include <fcntl.h>
#include <unistd.h>

#include "bench/io_error.h"
#include "bench/xorshift.h"
#include "common/home.h"

namespace tl::bench {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kChunk = 2u << 20;
constexpr std::uint64_t kFilesPerFolder = 100;

// Writes `size` bytes of the generator's output in 2 MiB pieces (bounded memory for 1 GiB files).
Status write_random_file(const std::string& path, std::uint64_t size, XorShift& rng,
                         std::vector<unsigned char>& buf) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return io_error("cannot create", path);
    while (size > 0) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(size, buf.size()));
        rng.fill(buf.data(), n);
        std::size_t done = 0;
        while (done < n) {
            const ssize_t w = ::write(fd, buf.data() + done, n - done);
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) {
                const Status st = io_error("cannot write", path);
                ::close(fd);
                return st;
            }
            done += static_cast<std::size_t>(w);
        }
        size -= n;
    }
    if (::close(fd) != 0) return io_error("cannot write", path);
    return {};
}

// Log-like lines: compressible the way real text files are, with some variety.
std::string text_content(XorShift& rng, std::size_t size) {
    static const char* const words[] = {"backup", "restore", "volume",  "tape",   "drive",
                                        "client", "job",     "catalog", "report", "pool",
                                        "label",  "block",   "session", "verify", "mount",
                                        "status", "bytes",   "files",   "rate",   "slot"};
    constexpr std::size_t nwords = sizeof words / sizeof words[0];
    std::string s;
    s.reserve(size + 128);
    char head[64];
    while (s.size() < size) {
        std::snprintf(head, sizeof head, "2026-%02d-%02d %02d:%02d host%02d ",
                      static_cast<int>(rng.between(1, 12)), static_cast<int>(rng.between(1, 28)),
                      static_cast<int>(rng.between(0, 23)), static_cast<int>(rng.between(0, 59)),
                      static_cast<int>(rng.between(0, 40)));
        s += head;
        const auto n = rng.between(3, 12);
        for (std::uint64_t i = 0; i < n; ++i) {
            s += words[rng.next() % nwords];
            s += ' ';
        }
        s += std::to_string(rng.next() % 100000);
        s += '\n';
    }
    s.resize(size);
    return s;
}

} // namespace

Status write_file(const std::string& path, const void* data, std::size_t size) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) return make_error(ErrorKind::Io, "cannot create " + path);
    f.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
    f.close();
    if (!f) return make_error(ErrorKind::Io, "cannot write " + path);
    return {};
}

Result<DataSet> generate_random_files(const std::string& dir, std::uint64_t files,
                                      std::uint64_t bytes, std::size_t groups, std::uint64_t seed) {
    if (files == 0) return make_error(ErrorKind::InvalidArgument, "--files must be at least 1");
    groups = static_cast<std::size_t>(
        std::clamp<std::uint64_t>(files, 1, std::max<std::size_t>(groups, 1)));
    DataSet set;
    for (std::size_t g = 0; g < groups; ++g) {
        char name[32];
        std::snprintf(name, sizeof name, "/s%02zu", g + 1);
        set.sources.push_back(dir + name);
        TL_TRY(ensure_directory(set.sources.back()));
    }
    XorShift rng(seed);
    std::vector<unsigned char> buf(static_cast<std::size_t>(
        std::min<std::uint64_t>(kChunk, std::max<std::uint64_t>(bytes / files + 1, 4096))));
    const std::uint64_t base = bytes / files, extra = bytes % files;
    for (std::uint64_t i = 0; i < files; ++i) {
        // File i goes to source i % groups, folder (i / groups) / 100 in it: every source gets
        // the same share and no folder grows past 100 entries.
        const std::uint64_t k = i / groups;
        char rel[64];
        std::snprintf(rel, sizeof rel, "/d%04llu",
                      static_cast<unsigned long long>(k / kFilesPerFolder));
        const std::string folder = set.sources[i % groups] + rel;
        if (k % kFilesPerFolder == 0) TL_TRY(ensure_directory(folder));
        std::snprintf(rel, sizeof rel, "/f%07llu.bin", static_cast<unsigned long long>(i));
        const std::uint64_t size = base + (i < extra ? 1 : 0);
        TL_TRY(write_random_file(folder + rel, size, rng, buf));
        set.files++;
        set.bytes += size;
    }
    return set;
}

Result<DataSet> ensure_demo_data(const std::string& dir) {
    static const char* const names[] = {"alice", "bob",     "projects", "mail",
                                        "www",   "reports", "scans",    "music"};
    const std::string marker = dir + "/.tapeloom-demo-complete";
    DataSet set;
    for (const char* n : names)
        set.sources.push_back(dir + "/" + n);
    {
        std::ifstream m(marker);
        if (m >> set.files >> set.bytes) return set;
    }
    std::error_code ec;
    fs::remove_all(dir, ec); // an interrupted earlier run: make it again from scratch
    if (ec) return make_error(ErrorKind::Io, "cannot clear " + dir + ": " + ec.message());
    XorShift rng(4242);
    std::vector<unsigned char> buf(kChunk);
    for (std::size_t s = 0; s < set.sources.size(); ++s) {
        for (int d = 1; d <= 3; ++d) {
            const std::string folder = set.sources[s] + "/folder" + std::to_string(d);
            TL_TRY(ensure_directory(folder));
            for (int f = 0; f < 40; ++f) {
                const auto text = text_content(rng, rng.between(1024, 16 * 1024));
                TL_TRY(write_file(folder + "/note" + std::to_string(f) + ".txt", text.data(),
                                  text.size()));
                set.files++;
                set.bytes += text.size();
            }
        }
        // Four larger, incompressible files (think photos or archives), in sources 1, 2, 5
        // and 6: a backup deals sources to drives in runs of K = 4, so each of 2 drives gets two.
        if (s % 4 < 2) {
            const std::uint64_t size = 8ull << 20;
            TL_TRY(write_random_file(set.sources[s] + "/archive" + std::to_string(s + 1) + ".bin",
                                     size, rng, buf));
            set.files++;
            set.bytes += size;
        }
    }
    const std::string counts = std::to_string(set.files) + " " + std::to_string(set.bytes) + "\n";
    TL_TRY(write_file(marker, counts.data(), counts.size()));
    return set;
}

} // namespace tl::bench
