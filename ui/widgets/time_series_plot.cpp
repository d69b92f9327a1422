#include "widgets/time_series_plot.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "common/log.h"
#include "widgets/plot_style.h"

namespace tl::ui {

TimeSeriesPlot::TimeSeriesPlot(const QString& yLabel, double yMax, double scale, QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)), zoom_(new QComboBox(this)),
      pause_(new QToolButton(this)), export_(new QToolButton(this)), scale_(scale), yMax_(yMax) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    zoom_->addItems({tr("Last 5 minutes"), tr("Last hour"), tr("Last 24 hours")});
    zoom_->setAccessibleName(tr("Time range of the graph"));
    pause_->setText(tr("Pause"));
    pause_->setCheckable(true);
    pause_->setToolTip(tr("Freeze the graph; samples keep being recorded"));
    export_->setText(tr("Export PNG…"));
    export_->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    export_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addWidget(zoom_);
    bar->addStretch(1);
    bar->addWidget(pause_);
    bar->addWidget(export_);
    layout->addLayout(bar);
    layout->addWidget(plot_, 1);
    plot_->setMinimumHeight(170);
    plot_->yAxis->setLabel(yLabel);
    plot_->xAxis->setLabel(tr("time (s)"));
    plot_->yAxis->setRange(0, yMax > 0 ? yMax : 1);
    plot_->legend->setVisible(false); // until there are series: no empty box before a job
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    plot_->legend->setFont(small);
    plot_->legend->setRowSpacing(-3);
    plot_->setAccessibleName(yLabel);
    applyPlotStyle(plot_);
    connect(zoom_, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(pause_, &QToolButton::toggled, this, &TimeSeriesPlot::setPaused);
    connect(export_, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export graph"), QString(),
                                                          tr("PNG images (*.png)"));
        if (!path.isEmpty()) exportPng(path);
    });
}

void TimeSeriesPlot::reset(const std::vector<std::string>& names, const QStringList& labels) {
    history_.reset(names);
    plot_->clearGraphs();
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
        auto* g = plot_->addGraph();
        g->setName(i < labels.size() ? labels[i] : QString::fromStdString(names[std::size_t(i)]));
        g->setPen(QPen(seriesColor(i), 1.5));
    }
    plot_->legend->setVisible(plot_->graphCount() > 0);
    dirty_ = true;
    refresh();
}

void TimeSeriesPlot::setSeriesPen(int series, const QPen& pen) {
    if (series >= 0 && series < plot_->graphCount()) plot_->graph(series)->setPen(pen);
}

void TimeSeriesPlot::add(double t, const std::vector<double>& values) {
    const unsigned gained = history_.add(t, values);
    if (!(gained & (1u << zoomLevel()))) return;
    dirty_ = true;
    if (isVisible() && !paused_) refresh();
}

int TimeSeriesPlot::zoomLevel() const {
    return std::max(0, zoom_->currentIndex());
}

void TimeSeriesPlot::setZoomLevel(int level) {
    zoom_->setCurrentIndex(level);
}

void TimeSeriesPlot::setPaused(bool p) {
    paused_ = p;
    pause_->setChecked(p);
    if (!p && dirty_) refresh();
}

void TimeSeriesPlot::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (dirty_ && !paused_) refresh();
}

void TimeSeriesPlot::refresh() {
    dirty_ = false;
    const auto level = static_cast<std::size_t>(zoomLevel());
    const auto times = history_.times(level);
    const QVector<double> keys(times.begin(), times.end());
    double top = yMax_;
    for (int i = 0; i < plot_->graphCount(); ++i) {
        const auto v = history_.values(level, static_cast<std::size_t>(i));
        QVector<double> shown(static_cast<qsizetype>(v.size()));
        for (std::size_t k = 0; k < v.size(); ++k) {
            shown[static_cast<qsizetype>(k)] = v[k] / scale_;
            if (yMax_ <= 0) top = std::max(top, shown[static_cast<qsizetype>(k)]);
        }
        plot_->graph(i)->setData(keys, shown, true);
    }
    const double span = history_.level(level).span;
    if (!times.empty())
        plot_->xAxis->setRange(std::max(times.back() - span, times.front()),
                               std::max(times.back(), times.front() + 1));
    if (yMax_ <= 0) plot_->yAxis->setRange(0, top > 0 ? top * 1.1 : 1);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool TimeSeriesPlot::exportPng(const QString& path) {
    refresh();
    plot_->replot(QCustomPlot::rpImmediateRefresh);
    if (plot_->savePng(path, 0, 0, 1.0)) return true;
    const QString msg = tr("Cannot write the graph to %1").arg(path);
    log::get("ui")->error("{}", msg.toStdString());
    Q_EMIT exportFailed(msg);
    return false;
}

} // namespace tl::ui
