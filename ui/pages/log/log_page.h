#pragma once
// The Log page: the log lines of every program on the data directory live (the service's,
// the CLI's and this console's), filtered by minimum level, module, job and text.
#include <QWidget>

class QComboBox;
class QLineEdit;
class QSpinBox;
class QTableView;

namespace tl::ui {

class LogModel;
class LogFilterProxy;

class LogPage final : public QWidget {
    Q_OBJECT
public:
    explicit LogPage(LogModel* model, QWidget* parent = nullptr);
    LogModel* model() const { return model_; }
    LogFilterProxy* proxy() const { return proxy_; }
    QLineEdit* filterEdit() const { return filter_; }
    QComboBox* levelCombo() const { return level_; }
    QComboBox* moduleCombo() const { return module_; }
    QSpinBox* jobSpin() const { return job_; } // 0: every job

private:
    LogModel* model_;
    LogFilterProxy* proxy_;
    void updateModules();
    QComboBox* level_;
    QComboBox* module_;
    QSpinBox* job_;
    QLineEdit* filter_;
    QTableView* view_;
};

} // namespace tl::ui
