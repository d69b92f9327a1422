#include "bridge/engine_task.h"

#include <QMetaObject>
#include <QPointer>
#include <exception>
#include <thread>

#include "common/log.h"

namespace tl::ui {

namespace {
// Runs `work` on a detached thread, then `ended` (on that thread), then `done` on `context`'s.
void detach_work(QObject* context, const QString& what, std::function<QString()> work,
                 std::function<void(const QString& error)> done, std::function<void()> ended) {
    QPointer<QObject> guard(context);
    std::thread([guard, what, work = std::move(work), done = std::move(done),
                 ended = std::move(ended)] {
        QString error;
        try {
            error = work();
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        if (!error.isEmpty())
            log::get("ui")->error("{}: {}", what.toStdString(), error.toStdString());
        ended();
        if (!guard) return;
        QMetaObject::invokeMethod(
            guard.data(),
            [guard, done, error] {
                if (guard && done) done(error);
            },
            Qt::QueuedConnection);
    }).detach();
}
} // namespace

qint64 runEngineTask(TaskBoard& board, QObject* context, const TaskSpec& spec,
                     std::function<QString()> work, std::function<void(const QString& error)> done,
                     QString* whyNot) {
    const qint64 id = board.begin(spec.what, spec.kind, whyNot, spec.jobKind);
    if (!id) return 0;
    if (spec.cancel) board.setCanceller(id, spec.cancel);
    QPointer<TaskBoard> boardGuard(&board);
    detach_work(context, spec.what, std::move(work), std::move(done), [boardGuard, id] {
        if (boardGuard) boardGuard->end(id);
    });
    return id;
}

void runCatalogTask(TaskBoard& board, QObject* context, const QString& what,
                    std::function<QString()> work, std::function<void(const QString& error)> done) {
    board.readStarted();
    TaskBoard* counted = &board; // outlives the work: its destructor waits for it
    detach_work(context, what, std::move(work), std::move(done),
                [counted] { counted->readEnded(); });
}

void runBackgroundRead(TaskBoard& board, std::function<void()> work) {
    board.readStarted();
    std::thread([&board, work = std::move(work)] {
        try {
            work();
        } catch (const std::exception& e) {
            log::get("ui")->error("background read: {}", e.what());
        }
        board.readEnded();
    }).detach();
}

} // namespace tl::ui
