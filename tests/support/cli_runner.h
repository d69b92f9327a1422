#pragma once
// Runs the real tapeloom-cli binary for system tests: the CLI is the black-box test surface.
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include "test_catalog.h"

namespace tltest {

struct CliResult {
    int exit_code = -1;
    QByteArray out;
    QByteArray err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
    QString text() const { return QString::fromUtf8(out); }
};

// The data directory ARGS name (--home DIR), else $TAPELOOM_HOME; empty when neither does.
inline QString home_in(const QStringList& args) {
    const auto at = args.indexOf(QStringLiteral("--home"));
    if (at >= 0 && at + 1 < args.size()) return args.at(at + 1);
    return qEnvironmentVariable("TAPELOOM_HOME");
}

// Runs the CLI with ARGS on the test's catalog back end (test_catalog.h).
inline CliResult run_cli(const QStringList& args, int timeout_ms = 180000) {
    QProcess p;
    p.setProcessEnvironment(cli_environment(home_in(args)));
    p.setProgram(QStringLiteral(TAPELOOM_CLI));
    p.setArguments(args);
    p.start();
    CliResult r;
    if (!p.waitForFinished(timeout_ms)) {
        p.kill();
        p.waitForFinished();
        r.err = "timeout";
        return r;
    }
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// ARGS for the data directory HOME: --home HOME ARGS...
inline QStringList with_home(const QString& home, QStringList args) {
    args.prepend(home);
    args.prepend(QStringLiteral("--home"));
    return args;
}

// Whether two trees are the same (diff -r, links compared as links); the difference in WHY.
inline bool same_tree(const QString& a, const QString& b, QString* why) {
    QProcess diff;
    diff.start(QStringLiteral("diff"),
               {QStringLiteral("-r"), QStringLiteral("--no-dereference"), a, b});
    diff.waitForFinished(60000);
    *why = QString::fromUtf8(diff.readAllStandardOutput() + diff.readAllStandardError());
    return diff.exitStatus() == QProcess::NormalExit && diff.exitCode() == 0;
}

} // namespace tltest
