#include "bridge/engine_task.h"

#include <QMetaObject>
#include <QPointer>
#include <exception>
#include <thread>

#include "bridge/engine_gate.h"
#include "common/log.h"

namespace tl::ui {

bool runEngineTask(EngineGate& gate, QObject* context, const QString& what,
                   std::function<QString()> work, std::function<void(const QString& error)> done,
                   QString* whyNot, std::function<void()> cancel) {
    if (!gate.tryAcquire(what, whyNot)) return false;
    if (cancel) gate.setCanceller(std::move(cancel));
    QPointer<QObject> guard(context);
    QPointer<EngineGate> gateGuard(&gate);
    std::thread([guard, gateGuard, what, work = std::move(work), done = std::move(done)] {
        QString error;
        try {
            error = work();
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        if (!error.isEmpty())
            log::get("ui")->error("{}: {}", what.toStdString(), error.toStdString());
        if (gateGuard) gateGuard->release();
        if (!guard) return;
        QMetaObject::invokeMethod(
            guard.data(),
            [guard, done, error] {
                if (guard && done) done(error);
            },
            Qt::QueuedConnection);
    }).detach();
    return true;
}

void runBackgroundRead(EngineGate& gate, std::function<void()> work) {
    gate.readStarted();
    std::thread([&gate, work = std::move(work)] {
        try {
            work();
        } catch (const std::exception& e) {
            log::get("ui")->error("background read: {}", e.what());
        }
        gate.readEnded();
    }).detach();
}

} // namespace tl::ui
