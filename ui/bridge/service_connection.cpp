#include "bridge/service_connection.h"

#include <chrono>

#include "client/service_client.h"
#include "common/log.h"

namespace tl::ui {

namespace {
constexpr auto kRetryEvery = std::chrono::seconds(2);
constexpr auto kStopCheck = std::chrono::milliseconds(100);
} // namespace

ServiceConnection::ServiceConnection(DoorAddress door, QObject* parent)
    : QObject(parent), door_(std::move(door)), summary_(tr("Connecting to the service…")) {
    watcher_ = std::thread([this] { watch(); });
}

ServiceConnection::~ServiceConnection() {
    stop_->store(true);
    if (watcher_.joinable()) watcher_.join();
}

void ServiceConnection::publish(State state, const QString& summary, long pid) {
    QMetaObject::invokeMethod(
        this,
        [this, state, summary, pid] {
            if (state == state_ && summary == summary_) return;
            state_ = state;
            summary_ = summary;
            pid_ = pid;
            Q_EMIT stateChanged(state, summary);
        },
        Qt::QueuedConnection);
}

void ServiceConnection::watch() {
    while (!stop_->load()) {
        QString lost;
        if (follow_once(&lost) || stop_->load()) return;
        log::get("ui")->warn("service {}: {}",
                             door_.isRemote() ? door_.remote.url : "of " + door_.home,
                             lost.toStdString());
        publish(State::Lost, tr("Service stopped: %1 — reconnecting").arg(lost));
        const auto until = std::chrono::steady_clock::now() + kRetryEvery;
        while (!stop_->load() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(kStopCheck);
    }
}

bool ServiceConnection::follow_once(QString* lost) {
    client::ServiceClient client = openClient(door_);
    auto info = client.service();
    if (!info) {
        *lost = QString::fromStdString(info.error().message);
        return false;
    }
    publish(State::Connected, tr("Service pid %1 (API %2)").arg(info->pid).arg(info->api),
            info->pid);
    auto stop = stop_;
    auto st = client.follow(
        "/v1/events",
        [this, stop](const client::StreamEvent& e) {
            const QString type = QString::fromStdString(e.type);
            const QByteArray data = QByteArray::fromStdString(e.data.dump());
            QMetaObject::invokeMethod(
                this, [this, type, data] { Q_EMIT jobEvent(type, data); }, Qt::QueuedConnection);
            return !stop->load();
        },
        [stop] { return !stop->load(); });
    if (stop_->load()) return true;
    *lost =
        st ? tr("the service ended the event stream") : QString::fromStdString(st.error().message);
    return false;
}

} // namespace tl::ui
