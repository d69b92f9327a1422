#pragma once
// The Log page: the engine's log lines live, filtered by minimum level and by text.
#include <QWidget>

class QComboBox;
class QLineEdit;
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

private:
    LogModel* model_;
    LogFilterProxy* proxy_;
    QComboBox* level_;
    QLineEdit* filter_;
    QTableView* view_;
};

} // namespace tl::ui
