#include "source/source_spec.h"

#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

namespace tl::source {

const char* to_string(SourceKind kind) {
    switch (kind) {
    case SourceKind::FileTree:
        return "files";
    case SourceKind::Raw:
        return "raw";
    case SourceKind::Command:
        return "cmd";
    case SourceKind::Sqlite:
        return "sqlite";
    case SourceKind::Client:
        return "client";
    }
    return "?";
}

namespace {
Status must_exist(const std::string& path, const std::string& what) {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0)
        return make_error(errno == ENOENT ? ErrorKind::NotFound : ErrorKind::Io,
                          what + " " + path + ": " + std::strerror(errno) + "; check the path");
    if (access(path.c_str(), R_OK) != 0)
        return make_error(ErrorKind::Io,
                          what + " " + path + " is not readable: " + std::strerror(errno));
    return {};
}

// raw: reads one stream from a block device or an image file; a directory has none (read()
// would fail with EISDIR once the job runs).
Status not_a_directory(const std::string& path) {
    struct stat st {};
    if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        return make_error(ErrorKind::InvalidArgument,
                          "raw source " + path +
                              " is a directory; raw: reads a block device or an image file, and "
                              "a directory is backed up as a file tree: give it without 'raw:'");
    return {};
}
} // namespace

Result<SourceSpec> parse_source(const std::string& text) {
    SourceSpec s;
    s.text = text;
    auto starts = [&](const char* p) { return text.rfind(p, 0) == 0; };
    if (starts("raw:")) {
        s.kind = SourceKind::Raw;
        s.target = text.substr(4);
        TL_TRY(must_exist(s.target, "raw source"));
        TL_TRY(not_a_directory(s.target));
    } else if (starts("cmd:")) {
        s.kind = SourceKind::Command;
        s.target = text.substr(4);
        if (s.target.empty())
            return make_error(ErrorKind::InvalidArgument,
                              "source 'cmd:' has no command; write e.g. cmd:'pg_dump mydb'");
    } else if (starts("sqlite:")) {
        s.kind = SourceKind::Sqlite;
        s.target = text.substr(7);
        TL_TRY(must_exist(s.target, "SQLite database"));
    } else {
        s.kind = SourceKind::FileTree;
        s.target = text;
        while (s.target.size() > 1 && s.target.back() == '/')
            s.target.pop_back();
        if (s.target.empty()) return make_error(ErrorKind::InvalidArgument, "empty source path");
        TL_TRY(must_exist(s.target, "source"));
    }
    return s;
}

} // namespace tl::source
