#pragma once
// The console's link to the service it shows (its data directory's, or --connect's; docs/api.md): a
// watcher thread reads GET /v1/service and then the event stream /v1/events, and pushes what it
// learns to the GUI thread as signals — the connection's state for the status bar and every job
// event (queued, started, waiting, ended) for the pages. When the stream breaks (the service was
// stopped or killed) the state says so and the watcher tries again every two seconds, so the
// console reconnects by itself when the service is back. Nothing here blocks the GUI thread.
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <thread>

#include "bridge/typed_door.h"

namespace tl::ui {

class ServiceConnection final : public QObject {
    Q_OBJECT
public:
    enum class State { Connecting, Connected, Lost };
    Q_ENUM(State)

    // Watches the service at `door` (the data directory's, or a remote one) from a thread of its
    // own until destroyed.
    explicit ServiceConnection(DoorAddress door, QObject* parent = nullptr);
    ~ServiceConnection() override; // stops the watcher (within about a second) and joins it

    State state() const { return state_; }
    // For the status bar: "Service pid 1234 (API 1)", "Service stopped: ... reconnecting".
    QString summary() const { return summary_; }
    long pid() const { return pid_; } // the service's process while Connected (else 0)

Q_SIGNALS:
    void stateChanged(tl::ui::ServiceConnection::State state, const QString& summary);
    // One job event of the service's stream: `type` as in docs/api.md, `data` its JSON text.
    void jobEvent(const QString& type, const QByteArray& data);

private:
    void watch();                    // the watcher thread's loop
    bool follow_once(QString* lost); // one connection: service info, then the event stream
    void publish(State state, const QString& summary, long pid = 0);

    DoorAddress door_;
    State state_ = State::Connecting;
    QString summary_;
    long pid_ = 0;
    std::shared_ptr<std::atomic<bool>> stop_ = std::make_shared<std::atomic<bool>>(false);
    std::thread watcher_;
};

} // namespace tl::ui
