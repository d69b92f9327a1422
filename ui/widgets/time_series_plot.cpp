#include "widgets/time_series_plot.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLocale>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
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
    plot_->xAxis->setLabel(tr("time"));
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("HH:mm:ss"));
    plot_->xAxis->setTicker(ticker);
    plot_->yAxis->setRange(0, yMax > 0 ? yMax : 1);
    // Below the axis rect (showLegend()), in rows: over the graph it would hide the newest points.
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    showLegend(false); // until reset() gives it series
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setWrap(6);
    plot_->legend->setMargins(QMargins(4, 2, 4, 2));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    plot_->legend->setFont(small);
    plot_->legend->setRowSpacing(0); // a negative spacing cut the rows' text
    plot_->setAccessibleName(yLabel);
    peak_ = new QCPItemText(plot_);
    peak_->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
    peak_->position->setType(QCPItemPosition::ptAxisRectRatio);
    peak_->position->setCoords(0.01, 0.01);
    peak_->setFont(small);
    peak_->setVisible(false);
    applyPlotStyle(plot_);
    // No frame: at the graph's right and bottom edge it was drawn a pixel outside, cut off.
    plot_->legend->setBorderPen(Qt::NoPen);
    peak_->setColor(plot_->yAxis->labelColor());
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
    showLegend(!names.empty()); // no empty box before the first series
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
    double from = 0, to = 0;
    const bool any = timeWindow(from, to);
    std::vector<double> visible; // the axis fits what is shown, not what left the window
    for (int i = 0; i < plot_->graphCount(); ++i) {
        const auto v = history_.values(level, static_cast<std::size_t>(i));
        QVector<double> shown(static_cast<qsizetype>(v.size()));
        for (std::size_t k = 0; k < v.size(); ++k) {
            shown[static_cast<qsizetype>(k)] = v[k] / scale_;
            if (times[k] >= from) visible.push_back(v[k] / scale_);
        }
        plot_->graph(i)->setData(keys, shown, true);
    }
    if (any) plot_->xAxis->setRange(from, to);
    if (yMax_ <= 0) fitValueAxis(std::move(visible));
    plot_->replot(QCustomPlot::rpQueuedReplot);
    for (auto* other : sharing_)
        if (any && other->plot_->xAxis->range() != QCPRange(from, to)) {
            other->plot_->xAxis->setRange(from, to);
            other->plot_->replot(QCustomPlot::rpQueuedReplot);
        }
}

bool TimeSeriesPlot::timeWindow(double& from, double& to) const {
    const auto level = static_cast<std::size_t>(zoomLevel());
    double first = 0, last = 0;
    bool any = false;
    std::vector<const TimeSeriesPlot*> plots{this};
    plots.insert(plots.end(), sharing_.begin(), sharing_.end());
    for (const auto* p : plots) {
        const auto times = p->history_.times(level);
        if (times.empty()) continue;
        first = any ? std::min(first, times.front()) : times.front();
        last = any ? std::max(last, times.back()) : times.back();
        any = true;
    }
    if (!any) return false;
    from = std::max(last - history_.level(level).span, first);
    // At least half a minute wide, so the clock labels differ while a graph starts.
    to = std::max(last, from + 30);
    return true;
}

void TimeSeriesPlot::shareTimeAxis(TimeSeriesPlot* other) {
    if (!other || other == this) return;
    sharing_.push_back(other);
    other->sharing_.push_back(this);
    connect(zoom_, &QComboBox::currentIndexChanged, other, [other](int level) {
        if (other->zoomLevel() != level) other->setZoomLevel(level);
    });
    connect(other->zoom_, &QComboBox::currentIndexChanged, this, [this](int level) {
        if (zoomLevel() != level) setZoomLevel(level);
    });
}

void TimeSeriesPlot::showLegend(bool on) {
    // Out of the layout when empty: an empty legend would narrow the graph's column to nothing.
    auto* layout = plot_->plotLayout();
    const bool placed = layout->hasElement(1, 0) && layout->element(1, 0) == plot_->legend;
    if (on && !placed) {
        layout->addElement(1, 0, plot_->legend);
        layout->setRowStretchFactor(1, 0.001);
    } else if (!on && placed) {
        layout->take(plot_->legend);
        layout->simplify();
    }
    plot_->legend->setVisible(on);
}

void TimeSeriesPlot::fitValueAxis(std::vector<double> visible) {
    // A short burst far above the rest (a cache filling at memory speed) would flatten the
    // steady rate onto zero: values above 3 × the 75th percentile are left above the axis,
    // which fits the others, and the peak is named.
    double top = 0, fits = 0;
    if (!visible.empty()) {
        std::sort(visible.begin(), visible.end());
        top = visible.back();
        const double typical =
            visible[static_cast<std::size_t>(0.75 * static_cast<double>(visible.size() - 1))];
        fits = top;
        if (typical > 0)
            for (auto it = visible.rbegin(); it != visible.rend() && fits > 3 * typical; ++it)
                fits = *it;
    }
    const bool clip = fits < top;
    plot_->yAxis->setRange(0, fits > 0 ? fits * 1.1 : 1);
    peak_->setVisible(clip);
    if (clip) peak_->setText(tr("peak %1 above the scale").arg(QLocale().toString(top, 'f', 1)));
}

QString TimeSeriesPlot::peakNote() const {
    return peak_->visible() ? peak_->text() : QString();
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
