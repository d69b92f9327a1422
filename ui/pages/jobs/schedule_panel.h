#pragma once
// The Schedules tab of the Jobs page: the schedules of every definition (or of one) with their
// next run, a rule editor that parses the rule as it is typed (the same syntax as `tapeloom-cli
// schedule add`, docs/schedules.md) and shows the parse error or the next five runs computed
// by the engine's ScheduleRule, and Add / Remove. Adding and removing write the catalog on a
// worker thread under the EngineGate (runEngineTask), as `schedule add|remove` do.
// GUI thread only.
#include <QWidget>
#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace tl {
class Engine;
}

namespace tl::ui {

class EngineGate;
class ScheduleTableModel;

class SchedulePanel final : public QWidget {
    Q_OBJECT
public:
    SchedulePanel(Engine& engine, EngineGate& gate, const QString& catalogPath,
                  QWidget* parent = nullptr);

    // The definitions the editor offers (names); keeps the current choice when it stays.
    void setDefinitions(const QStringList& names);
    void selectDefinition(const QString& name);
    // Reloads the table; false with `error` when the catalog cannot be read.
    bool refresh(QString* error = nullptr);
    // Adds the rule of the editor to the chosen definition; false (and a message) when refused.
    bool addSchedule();
    // Removes the selected schedule after confirmation.
    bool removeSelected();
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    QLineEdit* ruleField() const { return rule_; }
    QLabel* ruleError() const { return ruleError_; }
    QStringList previewRuns() const { return preview_; } // the next runs shown, local time
    ScheduleTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }

Q_SIGNALS:
    void message(const QString& text, bool error);
    void changed(); // a schedule was added or removed

private:
    void updatePreview();
    long long now() const;

    Engine& engine_;
    EngineGate& gate_;
    ScheduleTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QComboBox* definition_;
    QLineEdit* rule_;
    QLabel* ruleError_;
    QLabel* nextRuns_;
    QPushButton* add_;
    QPushButton* remove_;
    QStringList preview_;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
