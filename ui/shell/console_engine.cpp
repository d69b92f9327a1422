#include "shell/console_engine.h"

#include <QCoreApplication>
#include <QProcess>

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
} // namespace

ConsoleAutostart consoleAutostart(bool noAutostartFlag) {
    return {!noAutostartFlag && !client::autostart_off_in_environment(),
            QCoreApplication::applicationDirPath() + QStringLiteral("/tapeloom-cli")};
}

Result<std::unique_ptr<Engine>> openConsoleEngine(EngineOptions options,
                                                  const ConsoleAutostart& autostart) {
    if (!client::ServiceClient(options.home).service()) {
        if (!autostart.enabled)
            return make_error(ErrorKind::NotFound,
                              "no service runs for " + options.home +
                                  " and autostart is off (--no-autostart or "
                                  "TAPELOOM_AUTOSTART=0); the console changes nothing itself: " +
                                  startItWith(options.home));
        if (auto started = startService(options.home, autostart.cli); !started)
            return started.error();
    }
    options.read_only = true; // every change goes through the service's typed door
    return Engine::open(options);
}

} // namespace tl::ui
