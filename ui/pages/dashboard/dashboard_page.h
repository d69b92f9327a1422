#pragma once
// The Dashboard: what the service the console shows and its machine are doing now, read
// through its typed door (a console on another machine shows the same). The followed job's
// figures (wall and sustained rate, elapsed, time left), its per-drive throughput graph with the
// total, a tile per drive and the sessions table, all from the LiveFeed; a job picker (the
// newest job, or the one picked); every drive of every job, library-wide, from the LiveFeed's
// board; the service machine's per-CPU utilization and the service process's CPU and memory
// from the SystemPoller. When the service cannot be read, a line above the job says why.
#include <QWidget>
#include <map>
#include <optional>

#include "metrics/live_snapshot.h"

class QLabel;
class QScrollArea;
class QGridLayout;
class QTableView;

namespace tl::ui {

class CpuPlot;
class DriveBoardModel;
class DriveTile;
class JobPicker;
class LiveFeed;
class SessionTableModel;
class SystemPoller;
class TimeSeriesPlot;

class DashboardPage final : public QWidget {
    Q_OBJECT
public:
    // `where` names the service shown ("Data directory: DIR", "Service: URL"; doorTitle()).
    DashboardPage(SystemPoller* poller, LiveFeed* feed, const QString& where,
                  QWidget* parent = nullptr);
    CpuPlot* cpuPlot() const { return cpuPlot_; }
    TimeSeriesPlot* drivePlot() const { return drivePlot_; }
    SessionTableModel* sessionModel() const { return sessions_; }
    QTableView* sessionView() const { return sessionView_; }
    QLabel* sustainedLabel() const { return sustained_; }
    QLabel* levelLabel() const { return level_; }
    QLabel* totalsLabel() const { return totals_; } // "Read:": what the job moved so far
    // Why the live figures cannot be read (hidden while they can).
    QLabel* errorLabel() const { return error_; }
    DriveTile* driveTile(const QString& name) const;
    int driveTileCount() const { return static_cast<int>(tiles_.size()); }
    // Every drive every job uses now, library-wide, and the job the page shows.
    DriveBoardModel* driveBoard() const { return driveBoard_; }
    QTableView* driveBoardView() const { return driveBoardView_; }
    JobPicker* jobPicker() const { return picker_; }
    // The last snapshot shown (tests compare it with the job's report).
    const std::optional<metrics::LiveSnapshot>& lastSnapshot() const { return last_; }

private:
    QWidget* buildDrivesAndSessions();
    QWidget* buildEngineRow(const QString& where);
    QWidget* buildDriveBoard();
    void startJob(qint64 jobId);
    void showSnapshot(const metrics::LiveSnapshot& s);
    void rebuildDrives(const metrics::LiveSnapshot& s);

    CpuPlot* cpuPlot_;
    TimeSeriesPlot* drivePlot_;
    SessionTableModel* sessions_;
    QTableView* sessionView_;
    QGridLayout* tileGrid_;
    QScrollArea* tilesScroll_ = nullptr;
    std::map<std::string, DriveTile*> tiles_;
    QLabel* jobTitle_;
    QLabel* elapsed_;
    QLabel* wallRate_;
    QLabel* sustained_;
    QLabel* timeLeft_;
    QLabel* totals_;
    QLabel* level_;
    QLabel* error_;
    QLabel* engineCpu_;
    QLabel* engineMemory_;
    std::optional<metrics::LiveSnapshot> last_;
    DriveBoardModel* driveBoard_;
    QTableView* driveBoardView_;
    JobPicker* picker_;
};

} // namespace tl::ui
