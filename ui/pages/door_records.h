#pragma once
// The typed door's answers (client/api.h) as the engine's value types the pages' models show:
// a page reads through the door and keeps its models as they were. Values only; any thread.
#include "client/libraries.h"
#include "client/pools.h"
#include "client/volumes.h"
#include "device/changer.h"
#include "media/pool.h"
#include "media/volume_catalog.h"

namespace tl::ui {

media::Pool poolRecord(const client::Pool& p);
// Without the catalog's ids (0): a page names a volume by its barcode.
media::VolumeRecord volumeRecord(const client::Volume& v);
device::Inventory inventoryOf(const client::LibraryInventory& inv);

} // namespace tl::ui
