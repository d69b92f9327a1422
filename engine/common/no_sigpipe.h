#pragma once
// A write to a peer that closed its end fails with EPIPE and raises SIGPIPE, which would end a
// process that does not ignore it (the console, a test, any program embedding the engine). A
// NoSigpipe blocks SIGPIPE on its thread while it lives and takes a SIGPIPE raised meanwhile,
// so the write's error is what is left. Process-wide signal dispositions stay as they were.
#include <csignal>

namespace tl {

class NoSigpipe {
public:
    NoSigpipe();
    ~NoSigpipe();
    NoSigpipe(const NoSigpipe&) = delete;
    NoSigpipe& operator=(const NoSigpipe&) = delete;

private:
    sigset_t before_{}, old_{};
    bool blocked_ = false;
};

} // namespace tl
