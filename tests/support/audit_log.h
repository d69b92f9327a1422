#pragma once
// The service's audit log as a test reads it (`tapeloom-cli audit --json`, docs/api.md "Audit
// log"): which writes reached the service, by which route. A console action that went through
// the typed door leaves its route there.
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
// answered with a status below 300.
inline int audited(const QString& home, const QString& method, const QString& route) {
    const QRegularExpression re(QRegularExpression::anchoredPattern(route));
    int n = 0;
    for (const auto& v : audit_entries(home)) {
        const auto e = v.toObject();
        if (e.value("method").toString() == method &&
            re.match(e.value("route").toString()).hasMatch() && e.value("status").toInt() < 300)
            ++n;
    }
    return n;
}

// How many writes went through the command tunnel (POST /v1/commands).
inline int tunnelled(const QString& home) {
    int n = 0;
    for (const auto& v : audit_entries(home))
        n += v.toObject().value("route").toString() == QStringLiteral("/v1/commands");
    return n;
}

} // namespace tltest
