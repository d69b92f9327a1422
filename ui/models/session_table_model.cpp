#include "models/session_table_model.h"

#include <QLocale>

#include "widgets/job_text.h"
#include "widgets/units_format.h"

namespace tl::ui {

void SessionTableModel::setSessions(const std::vector<metrics::LiveSession>& sessions) {
    bool same = sessions.size() == rows_.size();
    for (std::size_t i = 0; same && i < rows_.size(); ++i)
        same = rows_[i].source == sessions[i].source;
    if (!same) {
        beginResetModel();
        rows_ = sessions;
        endResetModel();
        return;
    }
    rows_ = sessions;
    if (!rows_.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int SessionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int SessionTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SessionTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& s = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Bytes || index.column() == Rate || index.column() == Files
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role == Qt::ToolTipRole && index.column() == CurrentFile)
        return QString::fromStdString(s.current_file);
    if (role == Qt::ToolTipRole && index.column() == State && !s.error.empty())
        return QString::fromStdString(s.error);
    if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
    const bool raw = role == Qt::UserRole; // sortable values
    const QLocale loc;
    switch (index.column()) {
    case Source:
        return QString::fromStdString(s.source);
    case Drive:
        return s.drive.empty() ? tr("—") : QString::fromStdString(s.drive);
    case State:
        // A failed session says why in its row, as the report does.
        if (!raw && !s.error.empty())
            return tr("%1: %2").arg(JobText::activity(QString::fromStdString(s.state)),
                                    QString::fromStdString(s.error));
        return JobText::activity(QString::fromStdString(s.state));
    case Bytes:
        return raw ? QVariant(qulonglong(s.bytes)) : QVariant(formatBytes(s.bytes));
    case Rate:
        return raw ? QVariant(s.rate) : QVariant(formatRate(s.rate));
    case Files:
        return raw ? QVariant(qulonglong(s.files)) : QVariant(loc.toString(qulonglong(s.files)));
    case CurrentFile:
        return QString::fromStdString(s.current_file);
    }
    return {};
}

QVariant SessionTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Source:
        return tr("Source");
    case Drive:
        return tr("Drive");
    case State:
        return tr("State");
    case Bytes:
        return tr("Bytes read");
    case Rate:
        return tr("Rate");
    case Files:
        return tr("Files");
    case CurrentFile:
        return tr("Current file");
    }
    return {};
}

} // namespace tl::ui
