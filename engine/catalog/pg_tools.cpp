#include "catalog/pg_tools.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <libpq-fe.h>

#include "catalog/catalog_location.h"
#include "catalog/pg_conn.h"
#include "common/spawn.h"

namespace tl::catalog {

namespace {

constexpr const char* kDumpCommand = "cmd:pg_dump --format=custom --no-password --dbname=";

// The password a URL carries ("" when none), as libpq reads it.
std::string url_password(const std::string& url) {
    char* why = nullptr;
    PQconninfoOption* options = PQconninfoParse(url.c_str(), &why);
    if (why) PQfreemem(why);
    std::string password;
    for (auto* o = options; o && o->keyword; ++o)
        if (std::strcmp(o->keyword, "password") == 0 && o->val) password = o->val;
    if (options) PQconninfoFree(options);
    return password;
}

std::string percent_encoded(const std::string& text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string shell_quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

Status write_passfile(const std::string& path, const std::string& password) {
    std::string line = "*:*:*:*:";
    for (char c : password) {
        if (c == ':' || c == '\\') line += '\\';
        line += c;
    }
    line += '\n';
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return make_error(ErrorKind::Io, "cannot write " + path + ": " + std::strerror(errno));
    const bool ok = ::fchmod(fd, 0600) == 0 &&
                    ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
    ::close(fd);
    if (!ok) return make_error(ErrorKind::Io, "cannot write " + path + ": " + std::strerror(errno));
    return {};
}

struct ProgramOutcome {
    int exit_code = 0;
    std::string output; // stdout and stderr
};

// Runs `args` (no shell) with `extra_env` added to this process's environment.
Result<ProgramOutcome> run_program(const std::vector<std::string>& args,
                                   const std::vector<std::string>& extra_env) {
    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC) != 0)
        return make_error(ErrorKind::Io, std::string("pipe: ") + std::strerror(errno));
    proc::SpawnOptions o;
    o.out = proc::ChildStream::fd(pipefd[1]);
    o.err_to_out = true;
    o.extra_environment = extra_env;
    auto spawned = proc::spawn(args, o);
    ::close(pipefd[1]);
    if (!spawned) {
        ::close(pipefd[0]);
        return make_error(ErrorKind::Io, spawned.error().message);
    }
    const pid_t pid = spawned.value();
    ProgramOutcome out;
    char buf[4096];
    for (ssize_t n; (n = ::read(pipefd[0], buf, sizeof buf)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        out.output.append(buf, static_cast<std::size_t>(n));
    }
    ::close(pipefd[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    while (!out.output.empty() && (out.output.back() == '\n' || out.output.back() == ' '))
        out.output.pop_back();
    return out;
}

} // namespace

Result<std::string> find_pg_program(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t at = 0; at <= dirs.size();) {
        auto end = dirs.find(':', at);
        if (end == std::string::npos) end = dirs.size();
        const std::string candidate = dirs.substr(at, end - at) + "/" + name;
        if (end > at && ::access(candidate.c_str(), X_OK) == 0) return candidate;
        at = end + 1;
    }
    return make_error(ErrorKind::NotFound, "the program " + name +
                                               " is not installed (not found on $PATH); install "
                                               "the Debian package postgresql-client");
}

Result<std::string> pg_dump_source(const std::string& url, const std::string& passfile) {
    if (auto program = find_pg_program("pg_dump"); !program) return program.error();
    std::string target = redact_url(url);
    const std::string password = url_password(url);
    if (!password.empty()) {
        TL_TRY(write_passfile(passfile, password));
        target += (target.find('?') == std::string::npos ? "?" : "&");
        target += "passfile=" + percent_encoded(passfile);
    }
    return kDumpCommand + shell_quoted(target);
}

bool is_pg_dump_source(const std::string& source) {
    return source.rfind(kDumpCommand, 0) == 0;
}

Status check_pg_archive(const std::string& file) {
    auto program = find_pg_program("pg_restore");
    if (!program) return program.error();
    auto run = run_program({program.value(), "--list", file}, {});
    if (!run) return run.error();
    if (run->exit_code != 0)
        return make_error(ErrorKind::Corrupt,
                          "not a pg_dump archive in custom format (" + run->output + ")");
    return {};
}

Status pg_restore_archive(const std::string& url, const std::string& file) {
    auto program = find_pg_program("pg_restore");
    if (!program) return program.error();
    const std::string shown = redact_url(url);
    std::vector<std::string> env;
    if (const std::string password = url_password(url); !password.empty())
        env.push_back("PGPASSWORD=" + password);
    auto run =
        run_program({program.value(), "--no-password", "--single-transaction", "--exit-on-error",
                     "--no-owner", "--no-privileges", "--no-comments", "--dbname=" + shown, file},
                    env);
    if (!run) return run.error();
    if (run->exit_code != 0)
        return make_error(ErrorKind::Io, "pg_restore into " + shown + " failed (exit status " +
                                             std::to_string(run->exit_code) +
                                             "): " + without_passwords(run->output) +
                                             "; nothing of it was kept in the database");
    return {};
}

} // namespace tl::catalog
