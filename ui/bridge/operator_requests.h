#pragma once
// What the operator has to do, gathered from what the engine exposes, for the console's
// notification list (widgets/notification_list.h):
//  - a drive of a running job waiting for media (the jobs' LiveBoard snapshots, <home>/live/);
//  - a pool that has job definitions but no usable volume left: no appendable or recyclable
//    volume of its own or in Scratch, and (when it labels automatically) no blank cartridge in
//    its library (catalog + library inventory, read on a worker thread);
//  - volumes a restore needs that are outside the library (fed by the Restore page's plan or
//    result; gone once a library's changer holds them or the catalog places them in one, and
//    when the Restore page drops that plan);
//  - drives that ask for cleaning (fed by the Devices page: only st drives report it, and the
//    engine does not record when).
// A request disappears when its cause is gone; a dismissed one stays hidden until its cause
// has gone and come back. Polls on a QTimer (poll()); GUI thread only.
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <vector>

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

// A pool without a usable volume, as the catalog check found it.
struct PoolShortage {
    QString pool, library;
    QStringList definitions; // job definitions writing to it
};

class OperatorRequests final : public QObject {
    Q_OBJECT
public:
    // `home`: the data directory (live board, virtual libraries); `catalogPath`: read through
    // the checker's own connection. The timer starts with start().
    OperatorRequests(const QString& home, const QString& catalogPath, QObject* parent = nullptr);

    void start(int intervalMs = 2000);
    void setInterval(int ms) { timer_.setInterval(ms); }
    // When set, the catalog checks are counted by the task board (the window waits for them).
    void setGate(TaskBoard* board) { gate_ = board; }
    // Reads the live board now and starts a catalog check (at most one at a time).
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

    // The catalog check itself (worker thread; own connection).
    static QList<PoolShortage> findPoolShortages(const std::string& catalogPath,
                                                 const std::string& home);
    // Those of `barcodes` a library holds: in its changer's inventory (slots, drives, mail
    // slots) or, by the catalog, located in it.
    static QStringList inLibrary(const std::string& catalogPath, const std::string& home,
                                 const QStringList& barcodes);

Q_SIGNALS:
    void requestAdded(const tl::ui::OperatorRequest& request);
    void requestRemoved(const QString& key);
    void changed();
    void failed(const QString& message);

private:
    void update();

    QString home_, catalogPath_;
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
