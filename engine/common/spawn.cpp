#include "common/spawn.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <spawn.h>

extern char** environ;

namespace tl::proc {

namespace {
// The file actions that put `s` on descriptor `target`.
void redirect(posix_spawn_file_actions_t& fa, const ChildStream& s, int target) {
    if (s.descriptor == -2) return;
    if (s.descriptor >= 0)
        posix_spawn_file_actions_adddup2(&fa, s.descriptor, target);
    else if (!s.append_to.empty())
        posix_spawn_file_actions_addopen(&fa, target, s.append_to.c_str(),
                                         O_WRONLY | O_CREAT | O_APPEND, 0600);
    else
        posix_spawn_file_actions_addopen(&fa, target, "/dev/null",
                                         target == 0 ? O_RDONLY : O_WRONLY, 0);
}

std::vector<char*> pointers(const std::vector<std::string>& words) {
    std::vector<char*> p;
    p.reserve(words.size() + 1);
    for (const auto& w : words)
        p.push_back(const_cast<char*>(w.c_str()));
    p.push_back(nullptr);
    return p;
}
} // namespace

Result<pid_t> spawn(const std::vector<std::string>& argv, const SpawnOptions& options) {
    if (argv.empty()) return make_error(ErrorKind::InvalidArgument, "no program to run");
    auto args = pointers(argv);
    std::vector<char*> env;
    for (char** e = environ; *e; ++e)
        env.push_back(*e);
    for (const auto& e : options.extra_environment)
        env.push_back(const_cast<char*>(e.c_str()));
    env.push_back(nullptr);

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    redirect(fa, options.in, 0);
    redirect(fa, options.out, 1);
    if (options.err_to_out)
        posix_spawn_file_actions_adddup2(&fa, 1, 2);
    else
        redirect(fa, options.err, 2);
    if (options.close_other_fds) posix_spawn_file_actions_addclosefrom_np(&fa, 3);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    if (options.new_session) posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
    pid_t pid = 0;
    const int rc = ::posix_spawnp(&pid, args[0], &fa, &attr, args.data(), env.data());
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    if (rc != 0)
        return make_error(rc == ENOENT ? ErrorKind::NotFound : ErrorKind::Io,
                          "cannot run " + argv[0] + ": " + std::strerror(rc));
    return pid;
}

} // namespace tl::proc
