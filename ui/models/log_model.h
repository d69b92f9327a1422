#pragma once
// The Log page's table: entries pulled from the engine's in-memory log ring on a timer
// (the engine never calls into Qt). Keeps at most `maxRows` newest rows. GUI thread only.
#include <QAbstractTableModel>
#include <QTimer>
#include <memory>
#include <vector>

#include "common/log.h"

namespace tl::ui {

class LogModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, Level, Module, Message, ColumnCount };
    enum Role { LevelRole = Qt::UserRole + 1 };

    explicit LogModel(std::shared_ptr<log::RingSink> ring, QObject* parent = nullptr,
                      int maxRows = 20000);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    // Pulls new entries now (also called every 250 ms by the timer).
    void poll();
    static QString levelName(int level);

private:
    std::shared_ptr<log::RingSink> ring_;
    std::vector<log::Entry> rows_;
    std::uint64_t lastSeq_ = 0;
    int maxRows_;
    QTimer timer_;
};

} // namespace tl::ui
