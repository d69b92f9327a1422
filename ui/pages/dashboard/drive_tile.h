#pragma once
// One drive on the dashboard: the loaded volume, what it did since the last snapshot (writing
// when it wrote bytes, with the share of that time it waited for data; else its state from the
// drive's timeline), the current rate, bytes written in this job, the drive buffer's fill and
// the shoe-shine count (streaming model). GUI thread only.
#include <QFrame>

#include "metrics/live_snapshot.h"

class QLabel;
class QProgressBar;

namespace tl::ui {

class DriveTile final : public QFrame {
    Q_OBJECT
public:
    explicit DriveTile(const QString& name, QWidget* parent = nullptr);
    // `before`: the same drive in the previous snapshot, nullptr for the first.
    void update(const metrics::LiveDrive& d, const metrics::LiveDrive* before = nullptr);
    QString stateText() const;
    static QString activityText(const metrics::LiveDrive& d, const metrics::LiveDrive* before);

private:
    QLabel* name_;
    QLabel* volume_;
    QLabel* state_;
    QLabel* rate_;
    QLabel* bytes_;
    QLabel* shoeshine_;
    QProgressBar* buffer_;
};

} // namespace tl::ui
