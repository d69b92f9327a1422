#pragma once
// What the operator has to do, gathered from what the service's typed door tells
// (operator_checks.h, read on a worker thread), for the console's notification list
// (widgets/notification_list.h):
//  - a drive of a running job waiting for media (the jobs' live snapshots, GET /v1/live);
//  - a pool that has job definitions but no usable volume left: no appendable or recyclable
//    volume of its own or in Scratch, and (when it labels automatically) no blank cartridge in
//    its library (the service's definitions, pools, volumes and library inventory);
//  - volumes a restore needs that are outside the library (fed by the Restore page's plan or
//    result; gone once a library's changer holds them or the catalog places them in one, and
//    when the Restore page drops that plan);
//  - drives that ask for cleaning (fed by the Devices page: only st drives report it, and the
//    engine does not record when).
// A request disappears when its cause is gone; a dismissed one stays hidden until its cause
// has gone and come back. When the service cannot answer, failed() says so once. Polls on a
// QTimer (poll()); GUI thread only.
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <vector>

#include "bridge/console_context.h"
#include "bridge/operator_checks.h"
#include "metrics/live_snapshot.h"

namespace tl::ui {

class TaskBoard;

struct OperatorRequest {
    enum class Kind { DriveWaitingForMedia, NoUsableVolume, InsertVolume, DriveNeedsCleaning };
    Kind kind = Kind::DriveWaitingForMedia;
    QString key;       // identity while the cause lasts, e.g. "media:vlib0-drive1"
    QString subject;   // the drive, pool or barcode
    QString text;      // what happened and what to do, for the operator
    QStringList pages; // pages that help, best first: "library", "media", "devices"
    friend bool operator==(const OperatorRequest&, const OperatorRequest&) = default;
};

class OperatorRequests final : public QObject {
    Q_OBJECT
public:
    // Reads through `ctx`'s typed door. The timer starts with start().
    explicit OperatorRequests(const ConsoleContext& ctx, QObject* parent = nullptr);

    void start(int intervalMs = 2000);
    void setInterval(int ms) { timer_.setInterval(ms); }
    // When set, the reads are counted by the task board (the window waits for them).
    void setGate(TaskBoard* board) { gate_ = board; }
    // Starts a read through the typed door (at most one at a time; a poll meanwhile reads again
    // after it); its findings replace what each source said.
    void poll();

    // The inputs, each replacing what that source said before (also used by tests).
    void setLiveSnapshots(const std::vector<metrics::LiveSnapshot>& snapshots);
    void setPoolShortages(const QList<PoolShortage>& shortages);
    void setRestoreMissing(const QStringList& barcodes);
    void setDrivesNeedingCleaning(const QStringList& drives);
    // Barcodes of setRestoreMissing that the catalog now places in a library are dropped.
    void volumesBackInLibrary(const QStringList& barcodes);

    void dismiss(const QString& key);
    QList<OperatorRequest> requests() const { return shown_; }

Q_SIGNALS:
    void requestAdded(const tl::ui::OperatorRequest& request);
    void requestRemoved(const QString& key);
    void changed();
    void failed(const QString& message);

private:
    void update();
    void found(const Result<OperatorFindings>& findings);

    ConsoleContext ctx_;
    QTimer timer_;
    bool checking_ = false, recheck_ = false;
    TaskBoard* gate_ = nullptr; // the task board
    QList<OperatorRequest> live_, pools_, restore_, cleaning_, shown_;
    QStringList restoreMissing_;
    QSet<QString> dismissed_;
    QString lastError_;
};

} // namespace tl::ui

Q_DECLARE_METATYPE(tl::ui::OperatorRequest)
