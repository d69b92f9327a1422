#pragma once
// `library insert`: a cartridge from outside put into a mail slot of a virtual library (an
// operator's hand, for tests and demos). One barcode is one cartridge: a barcode that another
// configured library of the data directory holds is refused, as the library itself refuses one it
// holds already; two cartridges under one barcode would have jobs read the wrong one.
#include <string>

#include "catalog/db.h"
#include "common/clock.h"
#include "device/changer.h"
#include "device/library.h"

namespace tl::device {

// `mail`: the mail slot's number as `library insert --mail` gives it; `inv`: `lib`'s inventory.
Status insert_from_outside(catalog::Db& db, const std::string& home, Clock& clock, Library& lib,
                           const Inventory& inv, int mail, const std::string& barcode);

} // namespace tl::device
