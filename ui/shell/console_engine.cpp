#include "shell/console_engine.h"

#include <QCoreApplication>
#include <QProcess>

#include "client/autostart.h"
#include "client/service_client.h"
#include "common/log.h"

namespace tl::ui {

namespace {
constexpr int kStartTimeoutMs = 60000;

// `tapeloom-cli --home HOME service start --idle-exit D`: returns once the service answers on
// its socket; started for this console, it ends by itself when idle (docs/service.md).
bool startService(const std::string& home, const QString& cli) {
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
        log::get("ui")->warn("could not start the service of {} with {}: {}", home,
                             cli.toStdString(),
                             p.errorString().toStdString() + " " +
                                 QString::fromUtf8(p.readAll()).trimmed().toStdString());
        return false;
    }
    log::get("ui")->info("started the service of {}: {}", home,
                         QString::fromUtf8(p.readAll()).trimmed().toStdString());
    return true;
}
} // namespace

ConsoleAutostart consoleAutostart(bool noAutostartFlag) {
    return {!noAutostartFlag && !client::autostart_off_in_environment(),
            QCoreApplication::applicationDirPath() + QStringLiteral("/tapeloom-cli")};
}

Result<std::unique_ptr<Engine>> openConsoleEngine(EngineOptions options,
                                                  const ConsoleAutostart& autostart) {
    bool serviceRuns = static_cast<bool>(client::ServiceClient(options.home).service());
    if (!serviceRuns && autostart.enabled) serviceRuns = startService(options.home, autostart.cli);
    if (serviceRuns) {
        auto beside = options;
        beside.read_only = true;
        return Engine::open(beside);
    }
    return Engine::open(options);
}

} // namespace tl::ui
