#pragma once
// What the Media page shows, read in one go off the GUI thread through the typed door of the
// service the console shows (typed_door.h; never the Engine nor the catalog): the pools, the
// catalog's volumes (with mounts, errors and when their kept data expires) and the cartridges
// each library holds right now (where each one is; a cartridge the catalog does not know is
// shown as a blank one). load() runs on a worker thread; the result is a value.
#include <QString>
#include <QStringList>
#include <vector>

#include "bridge/typed_door.h"
#include "media/pool.h"
#include "media/volume_catalog.h"

namespace tl::ui {

struct VolumeRow {
    media::VolumeRecord volume;
    bool known = true;     // false: a cartridge in the library the catalog does not know
    qint64 mounts = 0;     // times the volume was mounted for writing/labeling
    qint64 errors = 0;     // I/O errors recorded on it
    long long expires = 0; // when its last kept job's retention ends (0: nothing kept)
    QString position;      // where the changer has it now ("drive 1 (from slot 3)"), or ""
};

struct MediaSnapshot {
    std::vector<media::Pool> pools;
    std::vector<VolumeRow> volumes;
    QStringList keyNames; // the key store's keys (empty when they cannot be read)
    QString error;        // the catalog could not be read (the lists are empty)
    QString libraryError; // the library could not be read (catalog rows are still shown)

    // Reads everything through the service at `door`.
    static MediaSnapshot load(const DoorAddress& door);
};

} // namespace tl::ui
