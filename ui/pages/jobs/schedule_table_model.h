#pragma once
// The schedules of the job definitions with their next run, as `tapeloom-cli schedule list`
// shows them. Reads through its own short-lived catalog connection. GUI thread only.
#include "client/definitions.h"
#include <QAbstractTableModel>
#include <vector>

#include "common/result.h"

namespace tl::ui {

struct ScheduleRow {
    qint64 id = 0;
    QString name, definition, rule;
    long long nextRun = 0; // unix seconds; 0 = never
    QString nextLevel;
    QString error; // a stored rule that no longer parses
    friend bool operator==(const ScheduleRow&, const ScheduleRow&) = default;
};

class ScheduleTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Job, NextRun, Rule, Name, ColumnCount };
    explicit ScheduleTableModel(QObject* parent = nullptr);

    // Shows the schedules the service holds, each with its next run after `now` (unix
    // seconds); reset only on a change.
    void setSchedules(const std::vector<client::Schedule>& served, long long now);
    const std::vector<ScheduleRow>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<ScheduleRow> rows_;
    bool loaded_ = false;
};

} // namespace tl::ui
