#pragma once
// The job definitions of the service as a table for the Jobs page: name, sources, pool, drives
// × sessions, priority, schedules and the next run (as `tapeloom-cli job list` shows them),
// from what the page read through the typed door (served_definitions.h). GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "client/definitions.h"
#include "common/result.h"
#include "schedule/job_definition.h"

namespace tl::ui {

struct DefinitionRow {
    schedule::JobDefinition def;
    int schedules = 0;
    long long nextRun = 0; // unix seconds; 0 = none
    QString nextLevel;
};

class DefinitionTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Pool,
        Drives,
        Priority,
        Schedules,
        NextRun,
        Commands,
        Sources,
        ColumnCount
    };
    explicit DefinitionTableModel(QObject* parent = nullptr);

    // Shows the definitions the service holds; `now` (unix seconds) is the engine's clock for
    // the next runs. The model is reset only when something changed, so selections survive the
    // page's timer. Corrupt when a definition cannot be read back.
    tl::Status setDefinitions(const std::vector<client::Definition>& served, long long now);
    const std::vector<DefinitionRow>& rows() const { return rows_; }
    // The row of the definition named `name`, or -1.
    int rowOf(const QString& name) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<DefinitionRow> rows_;
    std::string signature_; // what the rows were built from, to skip needless resets
};

} // namespace tl::ui
