#pragma once
// How the Media page words volumes for administrators: sizes in the units chosen in the
// settings ("ui/units": "si" = MB, "iec" = MiB), dates in the local time zone, volume states
// and locations in words. Pure functions of their arguments and QSettings; GUI thread only.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QLabel;

#include "device/changer.h"
#include "media/volume_catalog.h"

namespace tl::ui {

class MediaText {
    Q_DECLARE_TR_FUNCTIONS(MediaText)
public:
    static QString bytes(qint64 bytes);  // "1.2 GB" or "1.1 GiB" per "ui/units"; "0 B"
    static QString date(long long unix); // "2026-11-30 14:05" local; "" for 0 (never)
    static QString state(media::VolumeState s);
    // A pool's purpose in words (backup, archive, clone, scratch); other text as it is.
    static QString purpose(const std::string& code);
    static QStringList purposeCodes(); // the purposes the engine knows, in order
    // "vlib0 slot 3", "vlib0 mail slot 25", "outside at Vault A since 2026-11-30 14:05";
    // `position` (what the changer says now, e.g. "drive 1 (from slot 3)") wins when set.
    // Shows `label` in the problem colour of its palette (legible in light and dark themes).
    static void styleProblem(QLabel* label);
    // Where the changer has `barcode` now: "slot 5", "drive 1 (from slot 3)", "mail slot 25";
    // "" when it does not have it.
    static QString changerPosition(const device::Inventory& inv, const std::string& barcode);
    static QString location(const media::VolumeRecord& v, const QString& position = {});
};

} // namespace tl::ui
