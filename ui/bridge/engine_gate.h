#pragma once
// One engine job at a time for the console: a backup, a restore, a scheduled run, a labeling
// or library move. Whoever wants the Engine's catalog or library for writing acquires the gate
// first and releases it when done; the others are refused with the holder's name, never
// blocked. Thread-safe (the scheduler's thread acquires it too); changed() is emitted on the
// gate's thread (queued).
#include <QObject>
#include <QString>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace tl::ui {

class EngineGate final : public QObject {
    Q_OBJECT
public:
    explicit EngineGate(QObject* parent = nullptr);

    // True and held by `what` (e.g. tr("Labeling")), or false with the reason in `whyNot`.
    bool tryAcquire(const QString& what, QString* whyNot = nullptr);
    void release();
    bool busy() const;
    QString holder() const; // empty when free
    // Waits until nobody holds the gate (the window's close waits for a running task so the
    // Engine outlives it). False after `timeoutMs`.
    bool waitUntilFree(int timeoutMs);

    // The holder's way to stop its work early (a job's cancel flag), given right after
    // tryAcquire(); release() forgets it. cancelHolder() calls it: false when nothing holds
    // the gate or the holder cannot be stopped (a labeling, a library move).
    void setCanceller(std::function<void()> cancel);
    bool canCancel() const;
    bool cancelHolder();
    // Calls `then` on `context`'s thread once, the next time the gate is free (soon when it is
    // free now); nothing when `context` is gone first. For messages that hold only while a job
    // runs ("A backup is running…").
    void whenFree(QObject* context, std::function<void()> then);
    // For a page's status line: when `text` names the job holding the gate now (a refusal such
    // as "A backup is running; try again…"), calls `clear` once the gate is free, so the
    // refusal does not outlive the job. `clear` checks that the line still shows `text`.
    void clearWhenFree(QObject* context, const QString& text, std::function<void()> clear);

    // Background reads (a page's snapshot thread) count themselves here, so the window can
    // wait for them before its pages and the Engine go away; the gate's destructor waits too.
    void readStarted();
    void readEnded();
    bool waitReadsDone(int timeoutMs);
    ~EngineGate() override;

Q_SIGNALS:
    void changed(bool busy, const QString& holder);

private:
    void notify(bool busy, const QString& holder);

    mutable std::mutex mutex_;
    std::condition_variable freed_;
    QString holder_;
    std::function<void()> canceller_;
    int reads_ = 0;
};

} // namespace tl::ui
