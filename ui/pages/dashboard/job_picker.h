#pragma once
// The Dashboard's job picker: "Newest job" (the default: the newest running or waiting job, so
// a job just started is shown at once), then every job on the LiveBoard with its state. Picking
// a job keeps the Dashboard on it until "Newest job" is picked again. GUI thread only.
#include <QComboBox>
#include <vector>

#include "metrics/live_snapshot.h"

namespace tl::ui {

class JobPicker final : public QComboBox {
    Q_OBJECT
public:
    explicit JobPicker(QWidget* parent = nullptr);
    // The jobs on the board now; the current choice stays (a pinned job that left the board
    // stays listed until another is picked).
    void setJobs(const std::vector<metrics::LiveSnapshot>& jobs);
    // The job picked, 0 for "Newest job".
    qint64 pinned() const;

Q_SIGNALS:
    void picked(qint64 jobId); // 0: follow the newest job

private:
    std::vector<std::pair<qint64, QString>> shown_;
};

} // namespace tl::ui
