#pragma once
// Crash-safe replacement of a small file: write `path`.tmp, fsync it, rename over `path`,
// fsync the directory. A crash leaves either the old or the new content, never a mix.
#include <string>

#include "common/result.h"

namespace tl::device {

// Test hook: called between the steps ("tmp-written", "renamed"); a test passes one that
// _exit()s to simulate a crash at that point. nullptr (the default) does nothing.
using CrashHook = void (*)(const char* step);

Status write_file_atomically(const std::string& path, const std::string& content,
                             CrashHook hook = nullptr);
Result<std::string> read_whole_file(const std::string& path);

// An exclusive flock on `path` (created if missing), held until destruction.
class FileLock {
public:
    static Result<FileLock> take(const std::string& path);
    FileLock(FileLock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    FileLock& operator=(FileLock&&) = delete;
    ~FileLock();

private:
    explicit FileLock(int fd) : fd_(fd) {}
    int fd_;
};

} // namespace tl::device
