#pragma once
// What the Media page shows, read in one go off the GUI thread: the pools, the catalog's
// volumes (with mounts, errors and when their kept data expires) and the cartridges the
// library holds right now (where each one is; a cartridge the catalog does not know is shown
// as a blank one). It opens its own read-only catalog connection and the library read-only
// (an inventory), so it never waits for the TaskBoard nor touches the Engine's connection.
// load() may run on any thread; the result is a value.
#include <QString>
#include <vector>

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
    QString error;        // the catalog could not be read (the lists are empty)
    QString libraryError; // the library could not be read (catalog rows are still shown)

    // Reads everything at `now` (unix seconds). `catalogPath`/`home` of the Engine.
    static MediaSnapshot load(const QString& catalogPath, const QString& home, long long now);
};

} // namespace tl::ui
