#pragma once
// Errors are values inside the engine: every fallible call returns Result<T> (or Status),
// carrying an ErrorKind that maps to a CLI exit code and a message that names the object.
#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace tl {

enum class ErrorKind {
    InvalidArgument, // bad input from the user: a path, a size, an option
    NotFound,        // a named thing (volume, drive, slot, job, file) does not exist
    AlreadyExists,   // creating something that is there already
    Busy,            // held by another process or operation (lock, open device)
    Io,              // an operating-system or device I/O error
    NoMedium,        // no cartridge where one was needed
    WriteProtected,  // cartridge write-protect tab, or a read-only volume
    NoSpace,         // end of medium / full library / disk full
    Corrupt,         // checksum mismatch, unreadable structure
    Foreign,         // media written by another program, or of another pool
    Unsupported,     // a feature this build or device does not have
    MediaMissing,    // volumes needed that are not in the library
    Cancelled,       // the operator or a signal stopped the operation
    KeyMissing,      // encrypted data whose key is not in the key store
    Internal,        // a bug: an invariant did not hold
};

const char* to_string(ErrorKind kind);

struct Error {
    ErrorKind kind = ErrorKind::Internal;
    std::string message;
};

inline Error make_error(ErrorKind kind, std::string message) {
    return Error{kind, std::move(message)};
}

// Result<T>: either a value or an Error. Small and explicit: callers test ok() and use
// value() or error(); value() on an error is a bug (asserted).
template <class T> class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & {
        assert(ok());
        return std::get<0>(v_);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(v_);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(v_));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() { return value(); }
    const Error& error() const {
        assert(!ok());
        return std::get<1>(v_);
    }

private:
    std::variant<T, Error> v_;
};

template <> class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : err_(std::move(error)), ok_(false) {}
    bool ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const Error& error() const {
        assert(!ok_);
        return err_;
    }

private:
    Error err_;
    bool ok_ = true;
};

using Status = Result<void>;

} // namespace tl

// Propagate an error from an expression returning Result/Status.
#define TL_TRY(expr)                                                                               \
    do {                                                                                           \
        auto tl_try_r_ = (expr);                                                                   \
        if (!tl_try_r_.ok()) return tl_try_r_.error();                                             \
    } while (0)
