#pragma once
// A console page shown on a REMOTE service (docs/console.md "A remote service"), as
// `tapeloom --connect https://HOST:PORT --token T --ca-cert F` opens it: the test makes a
// throw-away certificate for 127.0.0.1, adds tokens of the scopes asked for, starts the real
// service with a TLS listener on a free local port, and hands out a ConsoleContext per token
// whose door is that HTTPS address (no data directory: door.home is empty). The service is
// stopped when the RemoteConsole goes, also when the test fails half-way.
#include <QMap>
#include <QString>
#include <QtGlobal>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>

#include "../service/service_guard.h"
#include "bridge/console_context.h"
#include "cli_runner.h"
#include "common/clock.h"
#include "test_certificate.h"

namespace tltest {

struct RemoteConsole {
    std::unique_ptr<ServiceGuard> guard;
    QString url, caCert;
    QMap<QString, QString> tokens; // scope ("read", "operate", "admin") -> its token
    explicit operator bool() const { return guard != nullptr; }

    // A console's context on the service with the token of `scope` ("" when none was made).
    tl::ui::ConsoleContext as(const QString& scope) const {
        static tl::SystemClock clock;
        tl::client::RemoteService r{url.toStdString(), tokens.value(scope).toStdString(),
                                    caCert.toStdString()};
        return tl::ui::ConsoleContext{tl::ui::DoorAddress{"", r}, &clock};
    }
};

// A TCP port on 127.0.0.1 that no one listens on now (0 when none could be found).
inline int free_console_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
                    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0;
    ::close(fd);
    return ok ? ntohs(a.sin_port) : 0;
}

// Starts the service of `home` with a TLS listener on 127.0.0.1, its certificate in `dir`, and
// one token per scope in `scopes`; an empty RemoteConsole (reason in the test log) on failure.
inline RemoteConsole remote_console(const QString& home, const QString& dir,
                                    const QStringList& scopes = {"read", "operate", "admin"}) {
    RemoteConsole c;
    if (!make_certificate(dir)) {
        qWarning("openssl could not make a certificate in %s", qPrintable(dir));
        return c;
    }
    for (const auto& scope : scopes) {
        auto add = run_cli(with_home(home, {"token", "add", "console-" + scope, "--scope", scope}));
        if (add.exit_code != 0) {
            qWarning("token add: %s", add.err.constData());
            return c;
        }
        c.tokens[scope] = add.text().trimmed();
    }
    const int port = free_console_port();
    const QString listen = QStringLiteral("127.0.0.1:%1").arg(port);
    c.caCert = dir + "/cert.pem";
    c.url = "https://" + listen;
    // At debug level the service logs every GET it answers (audit_log.h's queried(home, route)).
    auto started =
        run_cli(with_home(home, {"--log-level", "debug", "service", "start", "--listen", listen,
                                 "--tls-cert", c.caCert, "--tls-key", dir + "/key.pem"}));
    if (started.exit_code != 0) {
        qWarning("service start: %s", started.err.constData());
        return c;
    }
    c.guard.reset(new ServiceGuard{home});
    return c;
}

} // namespace tltest
