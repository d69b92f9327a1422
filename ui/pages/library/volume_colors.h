#pragma once
// The colors of cartridges in the drawing and its legend: by volume state (the default) or by
// pool. Fixed mid-tone fills that read on light and dark palettes, with a text color chosen for
// contrast. GUI thread only (tr).
#include <QColor>
#include <QCoreApplication>
#include <QString>
#include <utility>
#include <vector>

#include "media/volume_catalog.h"

namespace tl::ui {

enum class ColorBy { State, Pool };

class VolumeColors {
    Q_DECLARE_TR_FUNCTIONS(VolumeColors)
public:
    // Fill of a cartridge: `v` null = a cartridge the catalog does not know.
    static QColor fill(const media::VolumeRecord* v, ColorBy by);
    // Black or white, whichever reads better on `fill`.
    static QColor textOn(const QColor& fill);
    // The state in the page's words ("Append", "Read-only"...).
    static QString stateName(media::VolumeState s);
    // "not in the catalog" for unknown cartridges, the pool's name, or "no pool".
    static QString poolName(const media::VolumeRecord* v);
    // Legend entries (label, fill) for the cartridges in `volumes` (null = unknown ones).
    static std::vector<std::pair<QString, QColor>>
    legend(const std::vector<const media::VolumeRecord*>& volumes, ColorBy by);
};

} // namespace tl::ui
