#pragma once
// The History tab of the Jobs page: the job history (read-only, JobHistoryModel read from the
// service through the typed door on a worker thread) filtered by status, level and a date range.
// Double-click or Enter on a job asks for its report; a job's context menu also asks to verify or
// clone a backup that ended with data (completed, warnings, partial). GUI thread only.
#include <QWidget>

#include "bridge/console_context.h"

class QCheckBox;
class QComboBox;
class QDateEdit;
class QMenu;
class QTableView;

namespace tl::ui {

class HistoryFilterProxy;
class JobHistoryModel;

class HistoryPanel final : public QWidget {
    Q_OBJECT
public:
    // Reads through `ctx`'s typed door.
    explicit HistoryPanel(const ConsoleContext& ctx, QWidget* parent = nullptr);
    ~HistoryPanel() override;

    // Reloads the history from the service, keeping the current job selected: refreshed() once
    // the rows are in, failed() with the service's error.
    void refresh();
    // "" = any; otherwise a stored value ("completed", "failed"…; "full", "diff", "incr").
    void setStatusFilter(const QString& status);
    void setLevelFilter(const QString& level);

    JobHistoryModel* model() const { return model_; }
    HistoryFilterProxy* proxy() const { return proxy_; }
    QTableView* table() const { return table_; }

    // The menu of the job at `row` of the table (for tests; the context menu shows it).
    QMenu* menuFor(int row);

Q_SIGNALS:
    void openReport(qint64 jobId);
    void verifyRequested(qint64 jobId);
    void verifyCopyRequested(qint64 jobId);
    void cloneRequested(qint64 jobId);
    void refreshed();
    void failed(const QString& error);

private:
    void applyDates();
    void showRows(const QString& error);

    JobHistoryModel* model_;
    HistoryFilterProxy* proxy_;
    QTableView* table_;
    QComboBox* status_;
    QComboBox* level_;
    QCheckBox* fromOn_;
    QCheckBox* toOn_;
    QDateEdit* from_;
    QDateEdit* to_;
    qint64 keep_ = 0; // the job selected when the refresh began
};

} // namespace tl::ui
