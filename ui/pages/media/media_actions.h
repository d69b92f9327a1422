#pragma once
// The volume actions of the Media page on one cartridge (by barcode) or the whole library:
// label, label all blank, relabel, recycle, mark read-only / disabled / damaged / enabled,
// off-site, on-site, move to a location. Each is a call of the typed door (bridge/typed_door.h)
// on a worker thread: a labeling as a job of the TaskBoard (beside other jobs), the others as
// catalog work; destructive ones ask
// the injectable confirmation first (relabel's question says when the force purges the
// volume's jobs). The ask*() functions show the small dialog that collects the input (pool,
// pattern, location, force) and then call the action. A refusal (a cartridge moving, nothing
// selected) comes back as status(…, true) and false; the outcome of work that started as
// status() then finished(). GUI thread only.
#include "bridge/console_context.h"
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

#include "media/volume_state.h"

class QWidget;

namespace tl::ui {

class TaskBoard;

class MediaActions final : public QObject {
    Q_OBJECT
public:
    // `dialogParent` parents the ask*() dialogs and the default confirmation.
    MediaActions(const ConsoleContext& ctx, TaskBoard& board, QWidget* dialogParent);

    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }
    bool confirm(const QString& question) { return !confirm_ || confirm_(question); }
    bool running() const { return running_ > 0; }

    bool label(const QString& barcode, const QString& pool);
    bool labelAllBlank(const QString& pool, const QString& barcodePattern);
    // `jobs`: how many jobs the volume holds (for the question).
    bool relabel(const QString& barcode, const QString& pool, bool force, qint64 jobs);
    bool recycle(const QString& barcode, bool force);
    bool mark(const QString& barcode, media::VolumeEvent event);
    bool markOffsite(const QString& barcode, const QString& location);
    bool markOnsite(const QString& barcode);
    bool move(const QString& barcode, const QString& location);

    void askLabel(const QString& barcode, const QStringList& pools, const QString& pool);
    void askLabelAll(const QStringList& pools, const QString& pool);
    void askRelabel(const QString& barcode, const QStringList& pools, const QString& pool,
                    qint64 jobs);
    void askRecycle(const QString& barcode);
    void askLocation(const QString& barcode, bool move);
    // `question` has %1 for the barcode.
    void askMark(const QString& barcode, media::VolumeEvent event, const QString& question);

Q_SIGNALS:
    void status(const QString& text, bool error);
    void results(const QStringList& lines); // bulk labeling: one line per cartridge
    void runningChanged(bool running);
    void finished(const QString& error); // "" on success

private:
    bool refuseEmpty(const QString& barcode);
    // Runs `work` on a worker thread: as a job on the board when it `usesDrives` (a labeling,
    // beside other jobs), else as catalog work (never refused). On success shows `*detail`
    // when the work set it, else `success`.
    bool start(const QString& what, bool usesDrives, std::function<QString()> work,
               const QString& success, std::shared_ptr<QString> detail = {});

    ConsoleContext ctx_;
    TaskBoard& board_;
    QWidget* parent_;
    std::function<bool(const QString&)> confirm_;
    int running_ = 0;  // actions of this page that have not ended
    QString labeling_; // the labeling of this page that runs, empty when none
};

} // namespace tl::ui
