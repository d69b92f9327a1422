#pragma once
// Reports ▸ Benchmarks: runs `tapeloom-cli bench multiplex|read|blocksize|compression` (the
// same command an administrator types, on scratch data directories, never this one) as a child
// process, and shows its table and a chart of its rates. Cancel stops the process. The command
// line is shown, so a run can be repeated from a shell.
#include <QProcess>
#include <QWidget>

#include <nlohmann/json.hpp>

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace tl::ui {

class JsonTableModel;

class BenchView final : public QWidget {
    Q_OBJECT
public:
    // `cli`: the tapeloom-cli program to run.
    BenchView(const QString& cli, QWidget* parent = nullptr);

    // Selects a benchmark ("multiplex", "read", "blocksize", "compression") and its arguments.
    void setBench(const QString& kind, const QString& arguments, const QString& paths = {});
    void run();
    void cancel();
    bool isRunning() const { return process_.state() != QProcess::NotRunning; }
    JsonTableModel* table() const { return model_; }
    QCustomPlot* chart() const { return chart_; }
    QString statusText() const;

Q_SIGNALS:
    // ok: the bench exited 0 and its table was read.
    void finished(bool ok);

private:
    void done(int exitCode, QProcess::ExitStatus status);
    void drawChart(const QString& label, const QStringList& valueKeys);
    QString cli_;
    QComboBox* kind_;
    QLineEdit* paths_;
    QLineEdit* args_;
    QPushButton* run_;
    QPushButton* cancel_;
    QLabel* status_;
    QLabel* command_;
    JsonTableModel* model_;
    QTableView* tableView_;
    QCustomPlot* chart_;
    QPlainTextEdit* log_;
    QProcess process_;
};

} // namespace tl::ui
