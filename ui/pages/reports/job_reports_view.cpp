#include "pages/reports/job_reports_view.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "bridge/engine_task.h"
#include "common/log.h"
#include "job/job_record.h"
#include "job/job_report.h"
#include "models/job_history_model.h"
#include "pages/reports/job_export.h"
#include "pages/reports/served_job.h"
#include "widgets/job_graphs.h"
#include "widgets/plot_style.h"
#include "widgets/table_columns.h"
#include "widgets/units_format.h"

namespace tl::ui {

JobReportsView::JobReportsView(DoorAddress door, QWidget* parent)
    : QWidget(parent), door_(std::move(door)), model_(new JobHistoryModel(door_, this)),
      table_(new QTableView(this)), report_(new QPlainTextEdit(this)),
      log_(new QPlainTextEdit(this)), graphs_(new QCustomPlot(this)), trend_(new QCustomPlot(this)),
      status_(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    auto* refresh = new QPushButton(tr("&Refresh"), this);
    auto* csv = new QPushButton(tr("Export &CSV…"), this);
    auto* png = new QPushButton(tr("Export P&NG…"), this);
    auto* pdf = new QPushButton(tr("Export P&DF…"), this);
    bar->addWidget(refresh);
    bar->addStretch(1);
    bar->addWidget(status_);
    bar->addWidget(csv);
    bar->addWidget(png);
    bar->addWidget(pdf);
    layout->addLayout(bar);
    exports_ = {csv, png, pdf};
    setExportable(false); // nothing to export until a job is shown

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(Qt::UserRole);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(JobHistoryModel::Id, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setAccessibleName(tr("Job history"));

    report_->setReadOnly(true);
    report_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    report_->setAccessibleName(tr("Job report"));
    log_->setReadOnly(true);
    log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    log_->setAccessibleName(tr("Log of the job"));
    graphs_->setMinimumHeight(260);
    graphs_->setAccessibleName(tr("Graphs of the job"));
    trend_->setAccessibleName(tr("Rates of the backups over time"));
    auto* details = new QTabWidget(this);
    details->addTab(graphs_, tr("Graphs"));
    details->addTab(report_, tr("Report"));
    details->addTab(log_, tr("Log"));
    details->addTab(trend_, tr("Backups over time"));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(details);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(refresh, &QPushButton::clicked, this, &JobReportsView::refresh);
    connect(model_, &JobHistoryModel::refreshed, this, &JobReportsView::showHistory);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, proxy](const QModelIndex& current) {
                if (!current.isValid()) return;
                load(proxy->data(proxy->index(current.row(), JobHistoryModel::Id)).toLongLong());
            });
    connect(csv, &QPushButton::clicked, this, [this] {
        const auto f = QFileDialog::getSaveFileName(this, tr("Export series"), QString(),
                                                    tr("CSV files (*.csv)"));
        if (!f.isEmpty()) exportCsv(f);
    });
    connect(png, &QPushButton::clicked, this, [this] {
        const auto f = QFileDialog::getSaveFileName(this, tr("Export graphs"), QString(),
                                                    tr("PNG images (*.png)"));
        if (!f.isEmpty()) exportPng(f);
    });
    connect(pdf, &QPushButton::clicked, this, [this] {
        const auto f = QFileDialog::getSaveFileName(this, tr("Export graphs"), QString(),
                                                    tr("PDF documents (*.pdf)"));
        if (!f.isEmpty()) exportPdf(f);
    });
}

JobReportsView::~JobReportsView() = default;

void JobReportsView::fail(const QString& message) {
    pending_ = 0;
    log::get("ui")->error("{}", message.toStdString());
    status_->setText(message);
    Q_EMIT failed(message);
}

void JobReportsView::setExportable(bool on) {
    for (auto* b : exports_)
        b->setEnabled(on);
}

void JobReportsView::refresh() {
    model_->refresh();
}

void JobReportsView::showHistory(const QString& error) {
    if (!error.isEmpty()) return fail(error);
    drawTrend();
    widenColumnsToContents(table_);
    // The job shown before, read again (it may have ended since), or the newest.
    const qint64 want = job_ ? job_ : model_->rows().empty() ? 0 : model_->rows().front().id;
    if (want && selectRow(want)) load(want, true);
    Q_EMIT historyShown();
}

bool JobReportsView::showJob(qint64 id) {
    if (!selectRow(id)) return false;
    load(id);
    return true;
}

bool JobReportsView::selectRow(qint64 id) {
    auto* proxy = table_->model();
    for (int r = 0; r < proxy->rowCount(); ++r)
        if (proxy->data(proxy->index(r, JobHistoryModel::Id)).toLongLong() == id) {
            table_->selectRow(r);
            return true;
        }
    return false;
}

void JobReportsView::load(qint64 id, bool again) {
    // Its read runs already, or it is shown (unless read again).
    if (id == pending_ || (!again && id == job_ && export_)) return;
    job_ = id;
    pending_ = id;
    export_.reset();
    setExportable(false);
    status_->setText(tr("Reading job %1 from the service…").arg(id));
    runBackgroundRead(nullptr, this, [this, door = door_, id]() -> GuiContinuation {
        auto served = std::make_shared<Result<ServedJob>>(readServedJob(door, id)); // values only
        return [this, id, served] { present(id, *served); };
    });
}

void JobReportsView::present(qint64 id, const Result<ServedJob>& served) {
    if (id != job_) return; // another job was selected meanwhile
    pending_ = 0;
    if (!served) return fail(QString::fromStdString(served.error().message));
    JobRow row;
    row.id = id;
    for (const auto& r : model_->rows())
        if (r.id == id) row = r;
    auto job = jobRecordOf(row, served.value());
    report_->setPlainText(job.has_report ? QString::fromStdString(job::format_report(job.report))
                                         : tr("No report stored for this job."));
    QStringList lines;
    for (const auto& l : served->log)
        lines << QString::fromStdString(l);
    log_->setPlainText(lines.isEmpty()
                           ? tr("No log lines of this job in the service's log file (rotated "
                                "away, or the job logged nothing at the log level in use).")
                           : lines.join(QLatin1Char('\n')));
    const bool empty = served->series.times.empty();
    export_ = std::make_unique<JobExport>(std::move(job), served->series);
    setExportable(true);
    drawJobGraphs(graphs_, export_->series(), export_->title());
    status_->setText(empty ? tr("Job %1 has no recorded series").arg(id) : export_->title());
    Q_EMIT jobShown(id);
}

void JobReportsView::drawTrend() {
    trend_->clearGraphs();
    trend_->plotLayout()->clear();
    trend_->setBackground(palette().color(QPalette::Base));
    auto* rect = new QCPAxisRect(trend_);
    trend_->plotLayout()->addElement(0, 0, rect);
    const QColor fg = palette().color(QPalette::Text);
    for (auto* axis : rect->axes()) {
        axis->setBasePen(QPen(fg));
        axis->setTickPen(QPen(fg));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
    }
    rect->axis(QCPAxis::atBottom)->setLabel(tr("backup job"));
    rect->axis(QCPAxis::atLeft)->setLabel(rateUnit());
    const double unit = rateUnitBytes();
    rect->axis(QCPAxis::atRight)->setVisible(true);
    rect->axis(QCPAxis::atRight)->setLabel(tr("duration (s)"));
    QVector<double> ids, wall, sustained, seconds;
    // Oldest first, completed backups only: failed runs would pull the trend down for reasons
    // that are in their own reports.
    const auto& rows = model_->rows();
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        if (it->kind == QLatin1String("backup") &&
            (it->status == QLatin1String("completed") || it->status == QLatin1String("warnings"))) {
            ids << double(it->id);
            wall << it->wall / unit;
            sustained << it->sustained / unit;
            seconds << it->seconds;
        }
    auto add = [&](const QVector<double>& v, const QString& name, const QPen& pen, QCPAxis* y) {
        auto* g = trend_->addGraph(rect->axis(QCPAxis::atBottom), y);
        g->setData(ids, v, true);
        g->setName(name);
        g->setPen(pen);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    };
    add(sustained, tr("Sustained rate"), QPen(seriesColor(0), 2), rect->axis(QCPAxis::atLeft));
    add(wall, tr("Wall rate"), QPen(seriesColor(1), 2), rect->axis(QCPAxis::atLeft));
    add(seconds, tr("Duration"), QPen(fg, 1, Qt::DashLine), rect->axis(QCPAxis::atRight));
    auto* legend = new QCPLegend;
    rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignLeft);
    legend->setLayer(QStringLiteral("legend"));
    legend->setBrush(palette().color(QPalette::Base));
    legend->setTextColor(fg);
    for (int i = 0; i < trend_->graphCount(); ++i)
        trend_->graph(i)->addToLegend(legend);
    for (auto* axis :
         {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft), rect->axis(QCPAxis::atRight)})
        axis->rescale();
    rect->axis(QCPAxis::atLeft)->setRangeLower(0);
    rect->axis(QCPAxis::atRight)->setRangeLower(0);
    trend_->replot();
}

bool JobReportsView::exportCsv(const QString& path) {
    if (!export_) return false;
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        out.write(export_->csv().toUtf8()) < 0 || !out.flush()) {
        fail(tr("Cannot write %1").arg(path));
        return false;
    }
    status_->setText(tr("Report of job %1 written to %2").arg(job_).arg(path));
    return true;
}

bool JobReportsView::exportPng(const QString& path) {
    if (!job_ || !graphs_->savePng(path, 1200, 720)) {
        fail(tr("Cannot write %1").arg(path));
        return false;
    }
    return true;
}

bool JobReportsView::exportPdf(const QString& path) {
    if (!export_) return false;
    const QImage graphs =
        export_->series().times.empty() ? QImage() : graphs_->toPixmap(1200, 720).toImage();
    if (!export_->writePdf(path, graphs)) {
        fail(tr("Cannot write %1").arg(path));
        return false;
    }
    status_->setText(tr("Report of job %1 written to %2").arg(job_).arg(path));
    return true;
}

} // namespace tl::ui
