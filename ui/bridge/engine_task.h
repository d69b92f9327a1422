#pragma once
// Runs one piece of engine work (label, move a cartridge, inventory, save a definition…) on a
// worker thread, so the window never waits for a robot or the catalog, and hands its outcome
// back on the GUI thread. The work returns an empty string on success or the error text to
// show; exceptions are caught and reported as errors. If `context` is destroyed first, `done`
// is not called (the work still finishes and leaves the board).
#include <QObject>
#include <QString>
#include <functional>

#include "bridge/task_board.h"

namespace tl::ui {

// A task of the board (a job, or a cartridge move of `kind`): 0 (with `whyNot`) when the
// board refuses it; otherwise the work has started and this is its task id. `cancel`, when given,
// is how the board stops the work early (TaskBoard::cancel()); `jobKind` is the engine's kind of
// job ("label").
struct TaskSpec {
    TaskSpec(QString what, TaskKind kind = TaskKind::Job, QString jobKind = {},
             std::function<void()> cancel = {})
        : what(std::move(what)), kind(kind), jobKind(std::move(jobKind)),
          cancel(std::move(cancel)) {}
    QString what;
    TaskKind kind;
    QString jobKind;
    std::function<void()> cancel;
};
qint64 runEngineTask(TaskBoard& board, QObject* context, const TaskSpec& spec,
                     std::function<QString()> work, std::function<void(const QString& error)> done,
                     QString* whyNot = nullptr);

// Catalog-only work (save or remove a definition, a schedule, a pool): never refused and not
// on the board, but counted as background work so the window waits for it before the Engine
// goes away.
void runCatalogTask(TaskBoard& board, QObject* context, const QString& what,
                    std::function<QString()> work, std::function<void(const QString& error)> done);

// Runs a read (a page's snapshot from its own catalog connection) on a detached worker thread
// counted by the board, so the window waits for it before the pages and the Engine go away.
// `work` hands its result back itself (QMetaObject::invokeMethod on a QPointer-guarded page).
void runBackgroundRead(TaskBoard& board, std::function<void()> work);

} // namespace tl::ui
