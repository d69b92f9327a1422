#include "common/no_sigpipe.h"

#include <ctime>
#include <pthread.h>

namespace tl {

namespace {
sigset_t only_sigpipe() {
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    return pipe;
}
} // namespace

NoSigpipe::NoSigpipe() {
    const sigset_t pipe = only_sigpipe();
    sigpending(&before_);
    blocked_ = pthread_sigmask(SIG_BLOCK, &pipe, &old_) == 0;
}

NoSigpipe::~NoSigpipe() {
    if (!blocked_) return;
    sigset_t now;
    sigpending(&now);
    if (sigismember(&now, SIGPIPE) && !sigismember(&before_, SIGPIPE)) {
        const sigset_t pipe = only_sigpipe();
        const timespec none{0, 0};
        sigtimedwait(&pipe, nullptr, &none);
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

} // namespace tl
