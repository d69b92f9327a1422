#pragma once
// What the Clients page shows (docs/console.md "Clients"), read off the GUI thread through the
// typed door of the service the console shows (GET /v1/clients, /v1/definitions,
// /v1/schedules, /v1/service/identity; never the Engine nor the catalog, so a remote console
// shows the same): each client added with `tapeloom-cli client add`
// (docs/agent.md) with its state at the last contact, and the next scheduled backup of a job
// definition that names one of its trees; and the service's fingerprint, which an agent trusts.
#include <QList>
#include <QString>
#include <optional>
#include <string>

#include "bridge/typed_door.h"

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

// The clients of the service at `door` as of `now` (unix seconds), and its fingerprint (made on
// first need, as `client add` does). Blocking: on a worker thread.
ClientSnapshot readClients(const DoorAddress& door, qint64 now);

} // namespace tl::ui
