#pragma once
// One drive on the dashboard: the loaded volume, its state from the drive's timeline, the
// current rate, bytes written in this job, the drive buffer's fill and the shoe-shine count
// (streaming model). GUI thread only.
#include <QFrame>

#include "metrics/live_snapshot.h"

class QLabel;
class QProgressBar;

namespace tl::ui {

class DriveTile final : public QFrame {
    Q_OBJECT
public:
    explicit DriveTile(const QString& name, QWidget* parent = nullptr);
    void update(const metrics::LiveDrive& d);
    QString stateText() const;

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
