#pragma once
// The service's audit log as a test reads it (`tapeloom-cli audit --json`, docs/api.md "Audit
// log"): which writes reached the service, by which route. A console action that went through
// the typed door leaves its route there.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QString>

#include "cli_runner.h"

namespace tltest {

inline QJsonArray audit_entries(const QString& home) {
    auto r = run_cli(with_home(home, {"audit", "--json"}));
    if (r.exit_code != 0) qWarning("audit: %s", r.err.constData());
    return QJsonDocument::fromJson(r.out).array();
}

// How many writes `method` on a route matching `route` (a regular expression, whole match)
// answered with a status below 300 (`refused`: 400 or above).
inline int audited(const QString& home, const QString& method, const QString& route,
                   bool refused = false) {
    const QRegularExpression re(QRegularExpression::anchoredPattern(route));
    int n = 0;
    for (const auto& v : audit_entries(home)) {
        const auto e = v.toObject();
        if (e.value("method").toString() == method &&
            re.match(e.value("route").toString()).hasMatch() &&
            (refused ? e.value("status").toInt() >= 400 : e.value("status").toInt() < 300))
            ++n;
    }
    return n;
}

// How many writes went through the command tunnel (POST /v1/commands).
inline int tunnelled(const QString& home) {
    int n = 0;
    for (const auto& v : audit_entries(home)) {
        const auto e = v.toObject();
        if (e.value("route").toString() != QStringLiteral("/v1/commands")) continue;
        qWarning(
            "through the tunnel: %s by %s",
            QJsonDocument(e.value("detail").toObject()).toJson(QJsonDocument::Compact).constData(),
            qPrintable(e.value("who").toString()));
        ++n;
    }
    return n;
}

// How many reads went through the query tunnel (POST /v1/queries): the lines its route logs at
// debug level in the service's log, for a service started with --log-level debug.
inline int queried(const QString& home) {
    QFile log(home + QStringLiteral("/logs/service.log"));
    if (!log.open(QIODevice::ReadOnly)) return 0;
    const QRegularExpression line(QStringLiteral("query (.+): exit code"));
    int n = 0;
    for (const auto& l : QString::fromUtf8(log.readAll()).split('\n'))
        if (auto m = line.match(l); m.hasMatch()) {
            qWarning("through the query tunnel: %s", qPrintable(m.captured(1)));
            ++n;
        }
    return n;
}

// How many reads GET `route` (a regular expression, whole match, on the path without its query)
// answered with a status below 300: the lines the service logs for each GET at debug level,
// for a service started with --log-level debug (console_beside_service starts it so).
inline int queried(const QString& home, const QString& route) {
    QFile log(home + QStringLiteral("/logs/service.log"));
    if (!log.open(QIODevice::ReadOnly)) return 0;
    const QRegularExpression line(QStringLiteral("GET (\\S+) (\\d+)$"));
    const QRegularExpression re(QRegularExpression::anchoredPattern(route));
    int n = 0;
    for (const auto& l : QString::fromUtf8(log.readAll()).split('\n'))
        if (auto m = line.match(l.trimmed());
            m.hasMatch() && m.captured(2).toInt() < 300 && re.match(m.captured(1)).hasMatch())
            ++n;
    return n;
}

} // namespace tltest
