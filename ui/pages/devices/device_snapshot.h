#pragma once
// What the Devices page shows, read in one pass on a worker thread: every configured drive
// (standalone or in a library) with its status as the device reports it, the catalog's counters
// for it, and every library with its slot usage and cleaning cartridges. Plain data, copied to
// the GUI thread. readDevices() reads it through the typed door of the service the console
// shows (GET /v1/drives?usage=true, /v1/libraries and their inventories, /v1/volumes), as
// `tapeloom-cli drive status` does; it never uses the Engine nor the catalog, so a remote
// console shows the same.
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <string>

#include "bridge/typed_door.h"

namespace tl::ui {

struct DriveInfo {
    QString name, kind, device, library; // library "" = standalone
    int element = 0;
    // Device status; `problem` non-empty when it could not be read (e.g. held by a job).
    bool online = false, writeProtected = false, cleaningRequested = false;
    QString volume, problem;
    qint64 blockSize = 0; // of the loaded volume (catalog), else of the drive's last session
    QString compression;  // codec of the last save set written through this drive
    quint64 bytesWritten = 0, bytesRead = 0; // summed over the job reports in the catalog
    qint64 mounts = 0;                       // volumes the jobs used on this drive
    qint64 errors = 0;                       // sessions that failed on this drive
    QString usedByJob;                       // "" or the job using the drive ("job 12")
    QString outOfService; // why a TapeAlert hardware fault took it out of service, "" in service
    QStringList alerts;   // its newest TapeAlert flags: "30 Hardware A (critical) at load of X"
};

struct LibraryInfo {
    QString name, kind, device;
    int drives = 0, storageSlots = 0, slotsFull = 0, mailSlots = 0, mailFull = 0;
    QStringList cleaningCartridges; // in its slots (CLN barcodes or 'cleaning' in the catalog)
    QString problem;
};

struct DeviceSnapshot {
    QList<DriveInfo> drives;
    QList<LibraryInfo> libraries;
    QString error; // the catalog could not be read at all
};

// Reads everything through the service at `door`; slow devices (a real robot, an st drive)
// make it slow, so call it off the GUI thread.
DeviceSnapshot readDevices(const DoorAddress& door);

} // namespace tl::ui

Q_DECLARE_METATYPE(tl::ui::DeviceSnapshot)
