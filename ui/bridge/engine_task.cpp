#include "bridge/engine_task.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <exception>
#include <thread>

#include "common/log.h"

namespace tl::ui {

namespace {
// Runs `work` and returns its error text (an exception's message too), logged once.
QString run_logged(const QString& what, const std::function<QString()>& work) {
    QString error;
    try {
        error = work();
    } catch (const std::exception& e) {
        error = QString::fromUtf8(e.what());
    }
    if (!error.isEmpty()) log::get("ui")->error("{}: {}", what.toStdString(), error.toStdString());
    return error;
}

// Runs `work` on a detached thread counted by `board`, then `ended` (on that thread, before the
// board stops counting it), then `done` on the GUI thread while `context` exists.
void detach_work(TaskBoard& board, QObject* context, const QString& what,
                 std::function<QString()> work, std::function<void(const QString& error)> done,
                 std::function<void()> ended) {
    runBackgroundRead(&board, context,
                      [what, work = std::move(work), done = std::move(done),
                       ended = std::move(ended)]() -> GuiContinuation {
                          const QString error = run_logged(what, work);
                          if (ended) ended();
                          if (!done) return {};
                          return [done, error] { done(error); };
                      });
}
} // namespace

qint64 runEngineTask(TaskBoard& board, QObject* context, const TaskSpec& spec,
                     std::function<QString()> work, std::function<void(const QString& error)> done,
                     QString* whyNot) {
    const qint64 id = board.begin(spec.what, spec.kind, whyNot, spec.jobKind);
    if (!id) return 0;
    if (spec.cancel) board.setCanceller(id, spec.cancel);
    TaskBoard* counted = &board; // outlives the work: its destructor waits for it
    detach_work(board, context, spec.what, std::move(work), std::move(done),
                [counted, id] { counted->end(id); });
    return id;
}

void runCatalogTask(TaskBoard& board, QObject* context, const QString& what,
                    std::function<QString()> work, std::function<void(const QString& error)> done) {
    detach_work(board, context, what, std::move(work), std::move(done), {});
}

void postToGui(const QPointer<QObject>& guard, GuiContinuation then) {
    QMetaObject::invokeMethod( // the application object lives on the GUI thread
        QCoreApplication::instance(),
        [guard, then = std::move(then)] {
            if (guard) then();
        },
        Qt::QueuedConnection);
}

void runBackgroundRead(TaskBoard* board, QObject* context, std::function<GuiContinuation()> work) {
    const QPointer<QObject> guard(context); // made here, on the GUI thread
    if (board) board->readStarted();
    std::thread([board, guard, work = std::move(work)] {
        GuiContinuation then;
        try {
            then = work();
        } catch (const std::exception& e) {
            log::get("ui")->error("background read: {}", e.what());
        }
        if (then) postToGui(guard, std::move(then));
        if (board) board->readEnded();
    }).detach();
}

} // namespace tl::ui
