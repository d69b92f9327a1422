#pragma once
// The Schedules tab of the Jobs page: the schedules of every definition (or of one) with their
// name and next run, an editor (definition, name, rule) that parses the rule as it is typed
// (the same syntax as `tapeloom-cli schedule add`, docs/schedules.md) and shows the parse error
// or the next runs (and the next run of each level beyond them) computed by the engine's
// ScheduleRule, and Add / Save changes / Remove. Selecting a schedule loads it into the editor.
// The messages keep their place, so the fields never move. The schedules are the service's,
// read through the typed door on a worker thread; changes go through it too (runCatalogTask:
// never refused while jobs run), as `schedule add|edit|remove` do. GUI thread only.
#include <QWidget>
#include <functional>

#include "bridge/console_context.h"
#include "client/definitions.h"
#include "common/result.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace tl::ui {

class TaskBoard;
class MessageLine;
class ScheduleTableModel;

class SchedulePanel final : public QWidget {
    Q_OBJECT
public:
    SchedulePanel(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);

    // The definitions the editor offers (names); keeps the current choice when it stays.
    void setDefinitions(const QStringList& names);
    void selectDefinition(const QString& name);
    // Reads the schedules from the service (GET /v1/schedules through the typed door) on a
    // worker thread, shows them, then runs `then`; message() says when they cannot be read.
    void refresh(std::function<void()> then = {});
    // Adds the rule of the editor to the chosen definition; false (and a message) when refused.
    bool addSchedule();
    // Stores the editor's name and rule into the selected schedule; false when refused.
    bool saveSelected();
    // Removes the selected schedule after confirmation.
    bool removeSelected();
    void setConfirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }

    QLineEdit* ruleField() const { return rule_; }
    QLineEdit* nameField() const { return name_; }
    MessageLine* ruleError() const { return ruleError_; }
    MessageLine* nextRuns() const { return nextRuns_; }
    QPushButton* saveButton() const { return save_; }
    QStringList previewRuns() const { return preview_; } // the next runs shown, local time
    ScheduleTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }

Q_SIGNALS:
    void message(const QString& text, bool error);
    void changed(); // a schedule was added or removed

private:
    void showSchedules(const Result<std::vector<client::Schedule>>& read);
    void updatePreview();
    void loadSelected();
    qint64 selectedId() const;
    long long now() const;

    ConsoleContext ctx_;
    TaskBoard& board_;
    ScheduleTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QComboBox* definition_;
    QLineEdit* name_;
    QLineEdit* rule_;
    MessageLine* ruleError_;
    MessageLine* nextRuns_;
    QPushButton* add_;
    QPushButton* save_;
    QPushButton* remove_;
    QStringList preview_;
    bool restoring_ = false;
    std::function<bool(const QString&)> confirm_;
};

} // namespace tl::ui
