#pragma once
// The engine work behind the Media page's volume actions: media/volume_actions.h, which
// `tapeloom-cli volume label|relabel|recycle|mark` runs too, with the console's history texts
// and its own words for the refusals. Each function runs on a worker thread (MediaActions)
// and uses the Engine's catalog connection and a library it opens
// itself; it returns "" on success or the error text to show (the engine's message, which says
// what to do).
#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "media/volume_state.h"

namespace tl {
class Engine;
}

namespace tl::ui {

struct LabelOutcome {
    QString barcode;
    QString error; // "" when labeled
};

class MediaOps {
    Q_DECLARE_TR_FUNCTIONS(MediaOps)
public:
    // Labels `barcode` into `pool`. `relabel`: a known volume is labeled again (refused while it
    // holds data under retention unless `force`, which purges its catalog entries). `message`
    // gets what happened ("… labeled for pool …; 1 job(s) purged").
    static QString label(Engine& engine, const std::string& barcode, const std::string& pool,
                         bool relabel, bool force, QString* message);
    // What a label of `barcode` into `pool` did, as label() says it ("… labeled for pool …;
    // 1 job(s) purged").
    static QString labeledText(const std::string& barcode, const std::string& pool,
                               std::int64_t jobsPurged);

    // Every blank cartridge of the default library whose barcode `accept`s (all when empty) into
    // `pool`, one after the other; `progress(i, n, barcode)` before each (on the worker thread).
    // A cartridge holding something else is skipped with the reason; other errors stop.
    static QString labelAllBlank(Engine& engine, const std::string& pool,
                                 const std::function<bool(const std::string&)>& accept,
                                 const std::function<void(int, int, const QString&)>& progress,
                                 std::vector<LabelOutcome>* results);

    // `volume recycle`: refused while it holds data under retention unless `force`.
    static QString recycle(Engine& engine, const std::string& barcode, bool force);
    // `volume mark read-only|disabled|enabled`, and "damaged" (the I/O error state).
    static QString changeState(Engine& engine, const std::string& barcode, media::VolumeEvent event,
                               const QString& reason);
    // `volume mark offsite --location L`: in a mail slot or outside already (a virtual
    // library's operator takes it out of the mail slot); refused in a slot or a drive. With
    // `move` the history says "moved to L" (a cartridge outside going elsewhere).
    static QString markOffsite(Engine& engine, const std::string& barcode, const std::string& site,
                               bool move);
    // `volume mark onsite`: at its slot when the changer has it, else outside at "onsite".
    static QString markOnsite(Engine& engine, const std::string& barcode);
};

} // namespace tl::ui
