#pragma once
// The Restore page's plan and outcome: the plan (volumes needed and where they are, bytes to
// read, estimated time), a progress bar while a restore runs, the result report at the end
// (status, files, bytes, failed files; the volumes to insert when some are outside the library)
// and a status line for errors. Display only; GUI thread only.
#include <QWidget>

#include "bridge/restore_runner.h"

class QPlainTextEdit;
class QProgressBar;

namespace tl::ui {

class MessageLine;

class RestoreReportView final : public QWidget {
    Q_OBJECT
public:
    explicit RestoreReportView(QWidget* parent = nullptr);

    void showPlan(const RestorePlanSummary& plan);
    void showRunning(qint64 expectedBytes);
    // The running restore's job: what it waits for, else the bytes read from tape of those to
    // read (never 100 % before it has ended).
    void showProgress(const RestoreProgress& progress);
    void showResult(const RestoreSummary& result);
    void setStatus(const QString& text);
    // Forgets the plan, progress and result (the selection they were for has changed).
    void clearOutcome();
    bool hasPlan() const { return hasPlan_; }

    QString planText() const;
    QString resultText() const;
    QString statusText() const;
    QProgressBar* progress() const { return progress_; }
    QPlainTextEdit* resultBox() const { return result_; }

private:
    MessageLine* plan_;
    QProgressBar* progress_;
    QPlainTextEdit* result_;
    MessageLine* status_;
    qint64 expected_ = 0;
    bool hasPlan_ = false;
};

} // namespace tl::ui
