#pragma once
// How the console words the engine's job codes (kinds, levels, statuses such as
// "media-missing"): in the user's language, never as a raw code. An unknown code is shown as
// it is. Pure functions; any thread.
#include <QCoreApplication>
#include <QString>

namespace tl::ui {

class JobText {
    Q_DECLARE_TR_FUNCTIONS(JobText)
public:
    static QString kind(const QString& kind); // backup, restore, verify, scan
    // full, differential, incremental for a backup; "" for the other kinds (they have none).
    static QString level(const QString& kind, const QString& level);
    // completed … media-missing; "partial" in words that fit any kind (a filter's choices).
    static QString status(const QString& status);
    // The same, worded for a job of `kind`: a partial backup is "partly backed up", a partial
    // restore "partly restored".
    static QString status(const QString& kind, const QString& status);
    // What a session or drive does: idle, mounting, positioning, writing, reading, waiting for
    // media, waiting for a drive, done, failed.
    static QString activity(const QString& activity);
    // A job's name; a restore's engine-made name "to <path>" / "to original location" is
    // worded in the user's language, any other name is the administrator's and shown as it is.
    static QString name(const QString& kind, const QString& name);
};

} // namespace tl::ui
