#pragma once
// The words and colors of one drawn element, from a snapshot: its title, barcode, the line under
// it, the hover tooltip (barcode, pool, state, used/capacity, location) and the accessible name
// a screen reader says ("Slot 3: TLO003L9, Default, Append"). GUI thread only (tr).
#include <QCoreApplication>

#include "pages/library/element_widget.h"
#include "pages/library/library_snapshot.h"
#include "pages/library/volume_colors.h"

namespace tl::ui {

class ElementText {
    Q_DECLARE_TR_FUNCTIONS(ElementText)
public:
    static ElementContent describe(const LibrarySnapshot& s, Place p, ColorBy by);
    // A drive's state in the page's words ("loaded", "empty", or the job's activity).
    static QString driveState(const std::string& state);
    // The activity of a job on its drive, in words ("writing", "waiting for data").
    static QString jobActivity(const std::string& state);
    // Where the catalog says a volume is ("slot 3 of vlib0", "outside at Vault A").
    static QString catalogLocation(const media::VolumeRecord& v, int storageSlots);
};

} // namespace tl::ui
