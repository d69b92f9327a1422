#pragma once
// What the Clients page shows (docs/console.md "Clients"), read off the GUI thread from a
// catalog connection of its own: each client added with `tapeloom-cli client add`
// (docs/agent.md) with its state at the last contact, and the next scheduled backup of a job
// definition that names one of its trees; and the service's fingerprint, which an agent trusts.
#include <QList>
#include <QString>
#include <optional>
#include <string>

namespace tl::ui {

struct ClientInfo {
    QString name, address, fingerprint, version, os;
    std::optional<bool> online; // at the last contact; none before any
    qint64 lastSeen = 0;        // unix seconds; 0 = never
    qint64 lastBackup = 0;      // unix seconds; 0 = never
    qint64 lastBackupBytes = 0; // source bytes that backup read
    qint64 nextBackup = 0;      // the earliest scheduled run naming the client; 0 = none
    QString nextDefinition;     // the definition of that run
};

struct ClientSnapshot {
    QList<ClientInfo> clients; // by name
    QString serviceFingerprint;
    QString error; // "" when read
};

// The clients of the catalog at `catalogPath` as of `now` (unix seconds), and the fingerprint
// of the service of `home` (made on first need, as `client add` does).
ClientSnapshot readClients(const std::string& catalogPath, const std::string& home, qint64 now);

} // namespace tl::ui
