#pragma once
// The CLI's exit codes, documented in docs/cli.md. Scripts rely on them: never renumber.
#include "common/result.h"

namespace tl::cli {

enum ExitCode : int {
    kOk = 0,
    kFailure = 1,      // the operation failed (I/O, internal)
    kUsage = 2,        // bad command line
    kNotFound = 3,     // a named volume, drive, slot, job or file does not exist
    kBusy = 4,         // data directory or device held by someone else
    kDevice = 5,       // drive or changer refused: no medium, write-protected, full
    kMediaMissing = 6, // volumes needed are outside the library
    kPartial = 7,      // finished, but some files failed (corruption, unreadable)
    kWarnings = 8,     // finished with warnings (files changed while read, skipped)
    kCorrupt = 9,      // media or catalog damaged / foreign
    kCancelled = 10,   // cancelled by the operator or a signal
    kKeyMissing = 11,  // encrypted data whose key is not in the key store (key import)
    kRefused = 12,     // the service refused the caller: bad token, or a peer not allowed
};

inline int exit_code_for(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::InvalidArgument:
        return kUsage;
    case ErrorKind::NotFound:
        return kNotFound;
    case ErrorKind::Busy:
        return kBusy;
    case ErrorKind::NoMedium:
    case ErrorKind::WriteProtected:
    case ErrorKind::NoSpace:
        return kDevice;
    case ErrorKind::MediaMissing:
        return kMediaMissing;
    case ErrorKind::Corrupt:
    case ErrorKind::Foreign:
        return kCorrupt;
    case ErrorKind::Cancelled:
        return kCancelled;
    case ErrorKind::KeyMissing:
        return kKeyMissing;
    case ErrorKind::AlreadyExists:
    case ErrorKind::Io:
    case ErrorKind::Unsupported:
    case ErrorKind::Internal:
        return kFailure;
    }
    return kFailure;
}

// A kind whose exit code is `code` (the exit code of another tapeloom-cli, e.g. a service that
// did not start, passed on as that process's); Internal for a code no kind has.
inline ErrorKind kind_for_exit_code(int code) {
    switch (code) {
    case kUsage:
        return ErrorKind::InvalidArgument;
    case kNotFound:
        return ErrorKind::NotFound;
    case kBusy:
        return ErrorKind::Busy;
    case kDevice:
        return ErrorKind::NoMedium;
    case kMediaMissing:
        return ErrorKind::MediaMissing;
    case kCorrupt:
        return ErrorKind::Corrupt;
    case kCancelled:
        return ErrorKind::Cancelled;
    case kKeyMissing:
        return ErrorKind::KeyMissing;
    default:
        return ErrorKind::Internal;
    }
}

} // namespace tl::cli
