#include "shell/console_door.h"

#include <QCoreApplication>
#include <QProcess>
#include <cstdlib>

#include "client/autostart.h"
#include "client/service_client.h"
#include "common/log.h"

namespace tl::ui {

namespace {
constexpr int kStartTimeoutMs = 60000;

// What to do when the console finds no service: the command that starts it.
std::string startItWith(const std::string& home) {
    return "start it with tapeloom-cli --home '" + home + "' service start, then open the console";
}

// `tapeloom-cli --home HOME service start --idle-exit D`: done once the service answers on
// its socket; started for this console, it ends by itself when idle (docs/service.md). The
// error names the data directory, what the CLI said and what to do.
Status startService(const std::string& home, const QString& cli) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(cli, {QStringLiteral("--home"), QString::fromStdString(home), QStringLiteral("service"),
                  QStringLiteral("start"), QStringLiteral("--idle-exit"),
                  QString::fromStdString(client::autostart_idle_exit())});
    if (!p.waitForFinished(kStartTimeoutMs) || p.exitStatus() != QProcess::NormalExit ||
        p.exitCode() != 0) {
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished();
        }
        QString said = QString::fromUtf8(p.readAll()).trimmed();
        if (said.isEmpty()) said = p.errorString();
        return make_error(ErrorKind::Io, "the service of " + home + " did not start (" +
                                             cli.toStdString() + ": " + said.toStdString() +
                                             "; log " + home + "/logs/service.log); " +
                                             startItWith(home));
    }
    log::get("ui")->info("started the service of {}: {}", home,
                         QString::fromUtf8(p.readAll()).trimmed().toStdString());
    return {};
}

// The local data directory's service, started when none runs and autostart is on.
Status reachLocal(const std::string& home, const ConsoleAutostart& autostart) {
    if (client::ServiceClient(home).service()) return {};
    if (!autostart.enabled)
        return make_error(ErrorKind::NotFound,
                          "no service runs for " + home +
                              " and autostart is off (--no-autostart or "
                              "TAPELOOM_AUTOSTART=0); the console changes nothing itself: " +
                              startItWith(home));
    return startService(home, autostart.cli);
}

// A remote service that answers GET /v1/service with this token.
Status reachRemote(const client::RemoteService& remote) {
    auto info = client::ServiceClient(remote).service();
    if (info) return {};
    if (client::is_refusal(info.error())) return info.error();
    return make_error(info.error().kind, "the service at " + remote.url +
                                             " does not answer: " + info.error().message +
                                             "; check --connect, --token and --ca-cert");
}
} // namespace

ConsoleAutostart consoleAutostart(bool noAutostartFlag) {
    return {!noAutostartFlag && !client::autostart_off_in_environment(),
            QCoreApplication::applicationDirPath() + QStringLiteral("/tapeloom-cli")};
}

Result<client::RemoteService> remoteService(const std::string& url, const std::string& token,
                                            const std::string& caCert) {
    if (url.rfind("https://", 0) != 0)
        return make_error(ErrorKind::InvalidArgument,
                          "--connect takes https://HOST:PORT (remote access is HTTPS only), not '" +
                              url + "'");
    client::RemoteService r{url, token, caCert};
    if (r.token.empty())
        if (const char* env = std::getenv("TAPELOOM_TOKEN")) r.token = env;
    if (r.token.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "--connect needs --token T (or $TAPELOOM_TOKEN): a token made with "
                          "tapeloom-cli token add NAME on the service's machine");
    return r;
}

Result<DoorAddress> openConsoleDoor(DoorAddress door, const ConsoleAutostart& autostart) {
    const Status reached =
        door.isRemote() ? reachRemote(door.remote) : reachLocal(door.home, autostart);
    if (!reached) return reached.error();
    return door;
}

QString doorTitle(const DoorAddress& door) {
    return door.isRemote() ? QCoreApplication::translate("tl::ui::MainWindow", "Service: %1")
                                 .arg(QString::fromStdString(door.remote.url))
                           : QCoreApplication::translate("tl::ui::MainWindow", "Data directory: %1")
                                 .arg(QString::fromStdString(door.home));
}

} // namespace tl::ui
