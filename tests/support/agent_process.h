#pragma once
// Real tapeloom-agent processes for the tests that drive remote clients (docs/agent.md): an
// agent with its own state directory, `serve` on 127.0.0.1 (a free port it chooses and prints,
// or an address given), `client add` of it in a data directory and `trust` of that service.
// The test target defines TAPELOOM_AGENT (the program's path).
#include <QDeadlineTimer>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <memory>

#include "cli_runner.h"

namespace tltest {

// Runs `tapeloom-agent ARGS` to its end (30 s at most).
inline CliResult run_agent(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(TAPELOOM_AGENT), args);
    CliResult r;
    if (!p.waitForFinished(30000)) return r;
    r.exit_code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

struct AgentProcess {
    QString state;
    QString fingerprint;
    QString address;
    std::unique_ptr<QProcess> process;
    QByteArray log;
    // A program `serve` runs under (e.g. ip netns exec NS), empty: none.
    QStringList launcher;

    // `init` in `stateDir`: the agent's fingerprint is then known; not yet serving.
    explicit AgentProcess(const QString& stateDir) : state(stateDir) {
        fingerprint = QString::fromUtf8(run_agent({"init", "--state", state}).out).trimmed();
    }
    ~AgentProcess() { stop(); }
    AgentProcess(const AgentProcess&) = delete;
    AgentProcess& operator=(const AgentProcess&) = delete;

    // Starts `serve --listen LISTEN [--allow P]... EXTRA...` and waits for the address it
    // listens on; false when it did not say one within 30 s.
    bool serve(const QStringList& allow, const QString& listen = QStringLiteral("127.0.0.1:0"),
               const QStringList& extra = {}) {
        QStringList args{"serve", "--state", state, "--listen", listen};
        for (const auto& p : allow)
            args << "--allow" << p;
        args << extra;
        process = std::make_unique<QProcess>();
        if (launcher.isEmpty())
            process->start(QStringLiteral(TAPELOOM_AGENT), args);
        else
            process->start(launcher.front(),
                           launcher.mid(1) + QStringList{QStringLiteral(TAPELOOM_AGENT)} + args);
        QDeadlineTimer deadline(30000);
        QByteArray out;
        while (!out.contains('\n') && !deadline.hasExpired() &&
               process->state() != QProcess::NotRunning) {
            process->waitForReadyRead(500);
            out += process->readAllStandardOutput();
        }
        const auto m = QRegularExpression("listening on (\\S+) as").match(QString::fromUtf8(out));
        if (!m.hasMatch()) return false;
        address = m.captured(1);
        return true;
    }

    // Its log (stderr) once it holds `needle`, or as it is after 30 s.
    const QByteArray& wait_for_log(const QByteArray& needle) {
        QDeadlineTimer deadline(30000);
        while (!log.contains(needle) && !deadline.hasExpired()) {
            process->waitForReadyRead(200);
            log += process->readAllStandardError();
        }
        return log;
    }

    void stop() {
        if (!process) return;
        process->kill();
        process->waitForFinished();
        process.reset();
    }

    // `client add NAME` of this agent in `home` (its fingerprint unless another is given); the
    // service's fingerprint ("" when refused).
    QString add_to(const QString& home, const QString& name, const QString& pinned = {}) const {
        auto r =
            run_cli(with_home(home, {"client", "add", name, "--address", address, "--fingerprint",
                                     pinned.isEmpty() ? fingerprint : pinned, "--json"}));
        return r.json().object().value("service_fingerprint").toString();
    }

    // `trust --server-fingerprint SERVICE`.
    bool trust(const QString& service) const {
        return run_agent({"trust", "--state", state, "--server-fingerprint", service}).exit_code ==
               0;
    }
};

} // namespace tltest
