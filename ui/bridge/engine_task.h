#pragma once
// Runs one piece of engine work (label, move a cartridge, inventory, save a definition…) on a
// worker thread, so the window never waits for a robot or the catalog, and hands its outcome
// back on the GUI thread. The work returns an empty string on success or the error text to
// show; exceptions are caught and reported as errors. If `context` is destroyed first, `done`
// is not called (the work still finishes and leaves the board).
#include <QObject>
#include <QPointer>
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

// What a background read hands back: run on the GUI thread, and only while the read's context
// still exists (empty: nothing to hand back).
using GuiContinuation = std::function<void()>;

// Hands `then` to the GUI thread, where it runs only if `guard`'s object still exists then. Safe
// from any thread when `guard` was made on the GUI thread: it is copied here, never read.
void postToGui(const QPointer<QObject>& guard, GuiContinuation then);

// Runs `work` (a page's snapshot from its own catalog connection, or a small request to the
// service) on a detached worker thread, then its continuation on the GUI thread if `context`
// still exists then. `context` is looked at on the GUI thread only (a QPointer is not safe on
// another thread while its object is destroyed), so `work` must not touch it or its page: it
// captures values, and its continuation may use the page. With a `board`, the read is counted
// there, so the window waits for it before the pages and the Engine go away.
void runBackgroundRead(TaskBoard* board, QObject* context, std::function<GuiContinuation()> work);

} // namespace tl::ui
