#include "common/result.h"

namespace tl {

const char* to_string(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::InvalidArgument:
        return "invalid-argument";
    case ErrorKind::NotFound:
        return "not-found";
    case ErrorKind::AlreadyExists:
        return "already-exists";
    case ErrorKind::Busy:
        return "busy";
    case ErrorKind::Io:
        return "io";
    case ErrorKind::NoMedium:
        return "no-medium";
    case ErrorKind::WriteProtected:
        return "write-protected";
    case ErrorKind::NoSpace:
        return "no-space";
    case ErrorKind::Corrupt:
        return "corrupt";
    case ErrorKind::Foreign:
        return "foreign";
    case ErrorKind::Unsupported:
        return "unsupported";
    case ErrorKind::MediaMissing:
        return "media-missing";
    case ErrorKind::Cancelled:
        return "cancelled";
    case ErrorKind::KeyMissing:
        return "key-missing";
    case ErrorKind::Internal:
        return "internal";
    }
    return "unknown";
}

} // namespace tl
