#include "pages/dashboard/dashboard_page.h"

#include <algorithm>

#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "bridge/live_feed.h"
#include "bridge/system_poller.h"
#include "models/drive_board_model.h"
#include "models/session_table_model.h"
#include "pages/dashboard/drive_tile.h"
#include "pages/dashboard/job_picker.h"
#include "widgets/cpu_plot.h"
#include "widgets/job_text.h"
#include "widgets/table_columns.h"
#include "widgets/time_series_plot.h"
#include "widgets/units_format.h"

namespace tl::ui {

namespace {
// Why the two rates differ (docs/metrics.md): the sustained rate leaves out ramp-up, ramp-down
// and bursts above 1.5 × the median, so it is below the wall rate when much was written in such
// bursts (a source's cache at memory speed) and above it when mounts took much of the time.
QString sustainedExplanation(double sustained, double wall) {
    QString text = QObject::tr(
        "Sustained rate: the drives' rate once they were streaming — the median-based mean of "
        "the samples without ramp-up, ramp-down and bursts above 1.5 × the median. Wall rate: "
        "every byte on tape ÷ the whole elapsed time, mounts included.");
    if (sustained > 0 && sustained < 0.9 * wall)
        text += QStringLiteral("\n") +
                QObject::tr("Here it is below the wall rate: much of the data went in short bursts "
                            "far above the steady rate (a cache absorbing data at memory speed), "
                            "which the sustained rate does not count.");
    else if (sustained > 1.1 * wall)
        text += QStringLiteral("\n") +
                QObject::tr("Here it is above the wall rate: mounting, positioning and waiting "
                            "took part of the elapsed time.");
    return text;
}

QString levelText(const metrics::LiveSnapshot& s) {
    if (s.level.empty()) return QObject::tr("—");
    const QString backup = QStringLiteral("backup");
    const QString level = JobText::level(backup, QString::fromStdString(s.level));
    if (s.level_note.empty()) return level;
    // The engine's note reads "level incr promoted to full: no usable full backup of …".
    const QString asked = JobText::level(
        backup, QString::fromStdString(s.level_note).section(QLatin1Char(' '), 1, 1));
    return QObject::tr("%1, promoted from %2 (no full backup to build on)").arg(level, asked);
}

// "1 file" / "12 files": spelled out, as a "%n file(s)" numerus string reads "12 file(s)"
// without an English .qm.
QString filesText(const QString& bytes, std::uint64_t files) {
    if (files == 1) return DashboardPage::tr("%1 in 1 file").arg(bytes);
    return DashboardPage::tr("%1 in %2 files").arg(bytes, QLocale().toString(qulonglong(files)));
}

QString durationText(double seconds) {
    const auto s = static_cast<qint64>(seconds + 0.5);
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}
} // namespace

DashboardPage::DashboardPage(SystemPoller* poller, LiveFeed* feed, const QString& where,
                             QWidget* parent)
    : QWidget(parent), cpuPlot_(new CpuPlot(this)),
      drivePlot_(
          new TimeSeriesPlot(tr("Throughput (%1)").arg(rateUnit()), 0, rateUnitBytes(), this)),
      sessions_(new SessionTableModel(this)), sessionView_(new QTableView(this)),
      tileGrid_(new QGridLayout), jobTitle_(new QLabel(this)), elapsed_(new QLabel(this)),
      wallRate_(new QLabel(this)), sustained_(new QLabel(this)), timeLeft_(new QLabel(this)),
      totals_(new QLabel(this)), level_(new QLabel(this)), error_(new QLabel(this)),
      engineCpu_(new QLabel(this)), engineMemory_(new QLabel(this)),
      driveBoard_(new DriveBoardModel(this)), driveBoardView_(new QTableView(this)),
      picker_(new JobPicker(this)) {
    auto* layout = new QVBoxLayout(this);
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setStyleSheet(QStringLiteral("color: #d03030; font-weight: bold;"));
    error_->setAccessibleName(tr("Why the live figures cannot be read"));
    error_->hide();
    layout->addWidget(error_);

    auto* jobBox = new QGroupBox(tr("Job"), this);
    auto* jobLayout = new QGridLayout(jobBox);
    jobTitle_->setText(tr("No job has run on this data directory yet. Start one with "
                          "Back up now (Ctrl+B)."));
    jobTitle_->setWordWrap(true);
    QFont bold = jobTitle_->font();
    bold.setBold(true);
    jobTitle_->setFont(bold);
    jobLayout->addWidget(jobTitle_, 0, 0, 1, 5);
    jobLayout->addWidget(picker_, 0, 5, Qt::AlignRight);
    const std::pair<QString, QLabel*> figures[] = {{tr("Elapsed:"), elapsed_},
                                                   {tr("Wall rate:"), wallRate_},
                                                   {tr("Sustained rate:"), sustained_},
                                                   {tr("Time left:"), timeLeft_},
                                                   {tr("Read:"), totals_},
                                                   {tr("Level:"), level_}};
    int col = 0;
    for (const auto& [label, value] : figures) {
        auto* l = new QLabel(label, jobBox);
        l->setBuddy(value);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setText(tr("—"));
        jobLayout->addWidget(l, 1 + col / 3, (col % 3) * 2);
        jobLayout->addWidget(value, 1 + col / 3, (col % 3) * 2 + 1);
        ++col;
    }
    layout->addWidget(jobBox);
    const QString rates = sustainedExplanation(0, 0);
    sustained_->setToolTip(rates);
    wallRate_->setToolTip(rates);

    auto* graphs = new QSplitter(Qt::Horizontal, this);
    auto* driveBox = new QGroupBox(tr("Throughput per drive"), graphs);
    (new QVBoxLayout(driveBox))->addWidget(drivePlot_);
    drivePlot_->plot()->setAccessibleName(tr("Per-drive throughput graph"));
    auto* cpuBox = new QGroupBox(tr("CPU utilization per CPU"), graphs);
    (new QVBoxLayout(cpuBox))->addWidget(cpuPlot_);
    graphs->addWidget(driveBox);
    graphs->addWidget(cpuBox);
    drivePlot_->shareTimeAxis(cpuPlot_->graph()); // a CPU spike lines up with a drive's rate
    // Graphs above, drives and sessions side by side below: the sessions table gets the
    // height of both boxes (a dozen rows in a 1280×900 window), and the split can be dragged.
    auto* middle = new QSplitter(Qt::Vertical, this);
    middle->setChildrenCollapsible(false);
    middle->addWidget(graphs);
    middle->addWidget(buildDrivesAndSessions());
    middle->setStretchFactor(0, 1);
    middle->setStretchFactor(1, 1);
    layout->addWidget(middle, 1);
    layout->addWidget(buildEngineRow(where));

    connect(poller, &SystemPoller::cpuSampled, cpuPlot_, &CpuPlot::addSample);
    connect(poller, &SystemPoller::processSampled, this, [this](double pct, quint64 rss) {
        engineCpu_->setText(tr("%1 % of one core").arg(QLocale().toString(pct, 'f', 1)));
        engineMemory_->setText(formatBytes(rss));
    });
    connect(poller, &SystemPoller::failed, this, [this](const QString&) {
        engineCpu_->setText(tr("unknown"));
        engineMemory_->clear();
    });
    connect(feed, &LiveFeed::failed, this, [this](const QString& message) {
        error_->setText(tr("The service's live figures cannot be read: %1").arg(message));
        error_->show();
    });
    connect(feed, &LiveFeed::recovered, error_, &QLabel::hide);
    connect(feed, &LiveFeed::jobChanged, this, &DashboardPage::startJob);
    connect(feed, &LiveFeed::snapshot, this, &DashboardPage::showSnapshot);
    connect(feed, &LiveFeed::board, this, [this](const std::vector<metrics::LiveSnapshot>& jobs) {
        driveBoard_->setJobs(jobs);
        picker_->setJobs(jobs);
    });
    connect(picker_, &JobPicker::picked, feed, &LiveFeed::follow);
}

// Every drive every job uses, library-wide (not only the shown job's).
QWidget* DashboardPage::buildDriveBoard() {
    driveBoardView_->setModel(driveBoard_);
    driveBoardView_->setAlternatingRowColors(true);
    driveBoardView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    driveBoardView_->verticalHeader()->hide();
    driveBoardView_->horizontalHeader()->setStretchLastSection(true);
    driveBoardView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    widenColumnsToContents(driveBoardView_);
    // Its width is what the splitter gives it (it scrolls sideways): the sessions beside it keep
    // their titles whole at the default window size, in German too (issue 42 item 32).
    driveBoardView_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Expanding);
    driveBoardView_->setAccessibleName(tr("Drives of all jobs"));
    return driveBoardView_;
}

QWidget* DashboardPage::buildDrivesAndSessions() {
    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->setChildrenCollapsible(false);
    auto* tilesHost = new QWidget(this);
    tilesHost->setLayout(tileGrid_);
    tilesScroll_ = new QScrollArea(this);
    tilesScroll_->setWidget(tilesHost);
    tilesScroll_->setWidgetResizable(true);
    tilesScroll_->setFrameShape(QFrame::NoFrame);
    tilesScroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // as wide as the tiles
    tilesScroll_->setMinimumHeight(190);
    auto* drivesBox = new QGroupBox(tr("Drives"), bottom);
    // Every drive of every job first (library-wide), the shown job's drive tiles beside.
    auto* driveTabs = new QTabWidget(drivesBox);
    driveTabs->addTab(buildDriveBoard(), tr("All jobs"));
    driveTabs->addTab(tilesScroll_, tr("This job"));
    (new QVBoxLayout(drivesBox))->addWidget(driveTabs);

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(sessions_);
    proxy->setSortRole(Qt::UserRole);
    sessionView_->setModel(proxy);
    sessionView_->setSortingEnabled(true);
    sessionView_->setAlternatingRowColors(true);
    sessionView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    sessionView_->verticalHeader()->hide();
    sessionView_->horizontalHeader()->setStretchLastSection(true);
    sessionView_->setWordWrap(false);
    sessionView_->setTextElideMode(Qt::ElideLeft); // paths: the end says most
    sessionView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    // The source shares the width with the current file, so the table fits its box at the
    // default window size instead of scrolling sideways (issue 42 item 32).
    sessionView_->horizontalHeader()->setSectionResizeMode(SessionTableModel::Source,
                                                           QHeaderView::Stretch);
    sessionView_->setColumnWidth(SessionTableModel::Drive, 110);
    sessionView_->setColumnWidth(SessionTableModel::State, 130);
    widenColumnsToContents(sessionView_); // the titles whole, also in German
    sessionView_->setAccessibleName(tr("Sessions of the job"));
    auto* sessionsBox = new QGroupBox(tr("Sessions"), bottom);
    (new QVBoxLayout(sessionsBox))->addWidget(sessionView_);
    sessionsBox->setMinimumHeight(170);
    bottom->addWidget(drivesBox);
    bottom->addWidget(sessionsBox);
    bottom->setStretchFactor(0, 2);
    bottom->setStretchFactor(1, 3);
    // The sessions table gets three quarters at first (the drives box keeps at least what its
    // tiles need), so its titles are whole at the default window size, in German too.
    bottom->setSizes({1000, 3000});
    return bottom;
}

// One line: the data directory, the service process's CPU and memory.
QWidget* DashboardPage::buildEngineRow(const QString& where) {
    auto* engineBox = new QGroupBox(tr("Engine"), this);
    auto* row = new QHBoxLayout(engineBox);
    auto* whereLabel = new QLabel(where, engineBox); // "Data directory: DIR" or "Service: URL"
    whereLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    row->addWidget(whereLabel, 1);
    row->addSpacing(24);
    row->addWidget(new QLabel(tr("Service CPU and memory:"), engineBox));
    row->addWidget(engineCpu_);
    row->addSpacing(12);
    row->addWidget(engineMemory_);
    engineCpu_->setText(tr("measuring…"));
    engineMemory_->setText(QString());
    return engineBox;
}

DriveTile* DashboardPage::driveTile(const QString& name) const {
    const auto it = tiles_.find(name.toStdString());
    return it == tiles_.end() ? nullptr : it->second;
}

void DashboardPage::startJob(qint64) {
    last_.reset();
    drivePlot_->reset({}, {});
    for (auto& [name, tile] : tiles_)
        delete tile;
    tiles_.clear();
}

void DashboardPage::rebuildDrives(const metrics::LiveSnapshot& s) {
    std::vector<std::string> names;
    QStringList labels;
    for (const auto& d : s.drives) {
        names.push_back("drive:" + d.name);
        labels << QString::fromStdString(d.name);
    }
    names.push_back("total");
    labels << tr("Total");
    drivePlot_->reset(names, labels);
    drivePlot_->setSeriesPen(static_cast<int>(s.drives.size()),
                             QPen(palette().color(QPalette::WindowText), 2.2));
    // One column beside the sessions table, never cut: the scroll area is at least as wide as
    // a tile's longest line ("writing, 100 % idle" with its rate) and scrolls down for more.
    for (auto& [name, tile] : tiles_) // the tiles of the drives shown before
        delete tile;
    tiles_.clear();
    int row = 0;
    for (const auto& d : s.drives) {
        auto* tile = new DriveTile(QString::fromStdString(d.name), this);
        tileGrid_->addWidget(tile, row++, 0);
        tiles_[d.name] = tile;
    }
    tilesScroll_->setMinimumWidth(std::max(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 48,
                                           tilesScroll_->widget()->minimumSizeHint().width()) +
                                  tilesScroll_->verticalScrollBar()->sizeHint().width());
}

void DashboardPage::showSnapshot(const metrics::LiveSnapshot& s) {
    // Another job, or the same job with other drives (a waiting job gets its drives when it
    // runs): new tiles and graph lines, and no rate against a snapshot of other drives.
    if (last_ && (last_->job_id != s.job_id || last_->drives.size() != s.drives.size()))
        last_.reset();
    if (!last_) rebuildDrives(s);
    // Rates from the cumulative counters between the snapshots this page saw, so the area
    // under each line is exactly the bytes the drive wrote whatever polls were missed.
    const double t0 = last_ ? last_->elapsed : 0;
    const double dt = s.elapsed - t0;
    if (dt > 0) {
        std::vector<double> rates;
        double total = 0;
        for (std::size_t i = 0; i < s.drives.size(); ++i) {
            const std::uint64_t before = last_ ? last_->drives[i].bytes : 0;
            const double r = s.drives[i].bytes >= before
                                 ? static_cast<double>(s.drives[i].bytes - before) / dt
                                 : 0;
            rates.push_back(r);
            total += r;
        }
        rates.push_back(total);
        // Wall-clock time, as the CPU graph beside it: a CPU spike lines up with a drive's rate.
        drivePlot_->add(
            s.started_at > 0 ? s.started_at + s.elapsed : static_cast<double>(s.wall_time), rates);
    }
    for (std::size_t i = 0; i < s.drives.size(); ++i)
        if (auto it = tiles_.find(s.drives[i].name); it != tiles_.end())
            it->second->update(s.drives[i], last_ && !s.ended ? &last_->drives[i] : nullptr);
    sessions_->setSessions(s.sessions);

    QString title = tr("Job %1").arg(s.job_id);
    if (!s.name.empty())
        title += QStringLiteral(" (%1)").arg(
            JobText::name(QString::fromStdString(s.kind), QString::fromStdString(s.name)));
    title += QStringLiteral(" — ") +
             (s.ended ? tr("ended: %1").arg(JobText::status(QString::fromStdString(s.status)))
              : s.status == "waiting" ? QString::fromStdString(s.waiting_for)
                                      : tr("running"));
    jobTitle_->setText(title);
    elapsed_->setText(durationText(s.elapsed));
    // No rate before anything reached (or came from) tape: headers in a millisecond are not one.
    wallRate_->setText(formatJobRate(s.wall_rate, s.tape_bytes));
    sustained_->setText(formatJobRate(s.sustained_rate, s.tape_bytes));
    sustained_->setToolTip(sustainedExplanation(s.sustained_rate, s.wall_rate));
    level_->setText(levelText(s));
    level_->setToolTip(QString::fromStdString(s.level_note));
    timeLeft_->setText(s.ended             ? tr("done")
                       : s.eta_seconds < 0 ? tr("unknown (no earlier run of these sources)")
                                           : durationText(s.eta_seconds));
    // A job that reads tapes (restore, verify, clone) has no source sessions: what it read so
    // far is on its drives, not "0 bytes in 0 files".
    const bool readsTape = s.kind != "backup" && s.sessions.empty();
    totals_->setText(readsTape ? tr("%1 from tape").arg(formatBytes(s.tape_bytes))
                               : filesText(formatBytes(s.source_bytes), s.files));
    last_ = s;
}

} // namespace tl::ui
