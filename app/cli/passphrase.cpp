#include "passphrase.h"

#include <cstdio>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include "args.h"
#include "crypto/key_file.h"

namespace tl::cli {
namespace {

std::string first_line(std::string text) {
    const auto nl = text.find('\n');
    if (nl != std::string::npos) text.resize(nl);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    return text;
}

// One line from the terminal with echo off; Unsupported without a terminal.
Result<std::string> prompt(int tty, const char* question) {
    termios old{};
    const bool is_term = ::tcgetattr(tty, &old) == 0;
    if (!is_term)
        return make_error(ErrorKind::InvalidArgument,
                          "no terminal to ask for the passphrase; give --passphrase-file FILE");
    termios quiet = old;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    (void)::write(tty, question, std::char_traits<char>::length(question));
    ::tcsetattr(tty, TCSAFLUSH, &quiet);
    std::string line;
    char c = 0;
    while (::read(tty, &c, 1) == 1 && c != '\n')
        line += c;
    ::tcsetattr(tty, TCSAFLUSH, &old);
    (void)::write(tty, "\n", 1);
    return line;
}

} // namespace

Result<std::string> read_passphrase(const Args& args, bool confirm) {
    if (args.has("passphrase-file")) {
        auto text = crypto::read_small_file(args.get("passphrase-file"));
        if (!text) return text.error();
        return first_line(std::move(text.value()));
    }
    const int tty = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (tty < 0)
        return make_error(ErrorKind::InvalidArgument,
                          "no terminal to ask for the passphrase; give --passphrase-file FILE");
    auto first = prompt(tty, "Passphrase: ");
    if (first && confirm) {
        auto again = prompt(tty, "Passphrase again: ");
        if (!again)
            first = again;
        else if (again.value() != first.value())
            first = make_error(ErrorKind::InvalidArgument, "the two passphrases differ");
    }
    ::close(tty);
    return first;
}

} // namespace tl::cli
