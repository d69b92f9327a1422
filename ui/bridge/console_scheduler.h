#pragma once
// Runs the scheduler service inside the console while no `tapeloom-cli serve` holds the data
// directory, so schedules fire while the window is open; with a service running, the console
// leaves scheduling to it. Scheduled runs share the console's Engine and are tasks on its
// TaskBoard. Owned by the main window (GUI thread); the service loop runs on a thread of its own
// and is stopped (running jobs cancelled and waited for) on destruction.
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <thread>

namespace tl {
class Engine;
}

namespace tl::ui {

class TaskBoard;
class GatedJobRunner;

class ConsoleScheduler final : public QObject {
    Q_OBJECT
public:
    ConsoleScheduler(Engine& engine, TaskBoard& board, QObject* parent = nullptr);
    ~ConsoleScheduler() override;

    // Starts the loop unless a service holds the data directory; false (with the reason in
    // status()) when it does not run here.
    bool start();
    void stop();
    bool isRunning() const { return thread_.joinable() && !ended_; }
    // One sentence for the status bar: who runs the schedules of this data directory.
    QString status() const { return status_; }

Q_SIGNALS:
    void statusChanged(const QString& status);

private:
    void setStatus(const QString& s);

    Engine& engine_;
    TaskBoard& board_;
    std::unique_ptr<GatedJobRunner> runner_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> ended_{false};
    QString status_;
};

} // namespace tl::ui
