#include "bridge/engine_gate.h"

#include <QMetaObject>
#include <chrono>
#include <memory>

namespace tl::ui {

EngineGate::EngineGate(QObject* parent) : QObject(parent) {}

bool EngineGate::tryAcquire(const QString& what, QString* whyNot) {
    {
        std::lock_guard lock(mutex_);
        if (!holder_.isEmpty()) {
            if (whyNot) *whyNot = tr("%1 is running; try again when it has ended.").arg(holder_);
            return false;
        }
        holder_ = what.isEmpty() ? tr("A job") : what;
    }
    notify(true, what);
    return true;
}

void EngineGate::release() {
    {
        std::lock_guard lock(mutex_);
        holder_.clear();
        canceller_ = nullptr;
    }
    freed_.notify_all();
    notify(false, {});
}

bool EngineGate::busy() const {
    std::lock_guard lock(mutex_);
    return !holder_.isEmpty();
}

bool EngineGate::waitUntilFree(int timeoutMs) {
    std::unique_lock lock(mutex_);
    return freed_.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                           [this] { return holder_.isEmpty(); });
}

void EngineGate::setCanceller(std::function<void()> cancel) {
    std::lock_guard lock(mutex_);
    if (!holder_.isEmpty()) canceller_ = std::move(cancel);
}

bool EngineGate::canCancel() const {
    std::lock_guard lock(mutex_);
    return static_cast<bool>(canceller_);
}

bool EngineGate::cancelHolder() {
    std::function<void()> cancel;
    {
        std::lock_guard lock(mutex_);
        cancel = canceller_;
    }
    if (!cancel) return false;
    cancel();
    return true;
}

void EngineGate::whenFree(QObject* context, std::function<void()> then) {
    if (!busy()) {
        QMetaObject::invokeMethod(context, std::move(then), Qt::QueuedConnection);
        return;
    }
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(this, &EngineGate::changed, context,
                    [once, then = std::move(then)](bool nowBusy, const QString&) {
                        if (nowBusy) return;
                        QObject::disconnect(*once);
                        then();
                    });
}

void EngineGate::clearWhenFree(QObject* context, const QString& text, std::function<void()> clear) {
    const QString running = holder();
    if (running.isEmpty() || !text.contains(running)) return;
    whenFree(context, std::move(clear));
}

EngineGate::~EngineGate() {
    waitReadsDone(60000);
}

void EngineGate::readStarted() {
    std::lock_guard lock(mutex_);
    ++reads_;
}

void EngineGate::readEnded() {
    {
        std::lock_guard lock(mutex_);
        --reads_;
    }
    freed_.notify_all();
}

bool EngineGate::waitReadsDone(int timeoutMs) {
    std::unique_lock lock(mutex_);
    return freed_.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                           [this] { return reads_ == 0; });
}

QString EngineGate::holder() const {
    std::lock_guard lock(mutex_);
    return holder_;
}

void EngineGate::notify(bool busy, const QString& holder) {
    QMetaObject::invokeMethod(
        this, [this, busy, holder] { Q_EMIT changed(busy, holder); }, Qt::QueuedConnection);
}

} // namespace tl::ui
