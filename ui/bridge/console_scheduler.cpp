#include "bridge/console_scheduler.h"

#include <QMetaObject>

#include "bridge/gated_job_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "schedule/service.h"
#include "schedule/service_lock.h"

namespace tl::ui {

ConsoleScheduler::ConsoleScheduler(Engine& engine, TaskBoard& board, QObject* parent)
    : QObject(parent), engine_(engine), board_(board) {}

ConsoleScheduler::~ConsoleScheduler() {
    stop();
}

bool ConsoleScheduler::start() {
    if (thread_.joinable()) return !ended_;
    if (long pid = schedule::service_holder(engine_.home())) {
        setStatus(tr("Schedules run in the service (pid %1)").arg(pid));
        return false;
    }
    runner_ = std::make_unique<GatedJobRunner>(engine_, board_);
    stop_ = false;
    ended_ = false;
    thread_ = std::thread([this] {
        schedule::ServiceOptions o;
        o.home = engine_.home();
        o.engine = &engine_;
        o.runner = runner_.get();
        auto st = schedule::run_service(o, engine_.clock(), stop_);
        ended_ = true;
        QString text;
        if (!st) {
            log::get("ui")->error("the console's scheduler stopped: {}", st.error().message);
            text =
                tr("Schedules are not running: %1").arg(QString::fromStdString(st.error().message));
        }
        QMetaObject::invokeMethod(
            this,
            [this, text] {
                if (!text.isEmpty()) setStatus(text);
            },
            Qt::QueuedConnection);
    });
    setStatus(tr("Schedules run in this console"));
    return true;
}

void ConsoleScheduler::stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    runner_.reset();
}

void ConsoleScheduler::setStatus(const QString& s) {
    status_ = s;
    Q_EMIT statusChanged(s);
}

} // namespace tl::ui
