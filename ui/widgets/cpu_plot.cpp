#include "widgets/cpu_plot.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include "widgets/plot_style.h"

namespace tl::ui {

CpuPlot::CpuPlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    plot_->setMinimumHeight(180);
    plot_->yAxis->setLabel(tr("CPU utilization (%)"));
    plot_->xAxis->setLabel(tr("time (s)"));
    plot_->yAxis->setRange(0, 100);
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    plot_->setAccessibleName(tr("Per-CPU utilization graph"));
    applyPlotStyle(plot_);
}

int CpuPlot::cpuGraphCount() const {
    int n = 0;
    for (int i = 0; i < plot_->graphCount(); ++i)
        if (plot_->graph(i)->property("cpu").isValid()) ++n;
    return n;
}

int CpuPlot::pointCount(int cpu) const {
    for (int i = 0; i < plot_->graphCount(); ++i)
        if (plot_->graph(i)->property("cpu").toInt() == cpu &&
            plot_->graph(i)->property("cpu").isValid())
            return plot_->graph(i)->data()->size();
    return 0;
}

void CpuPlot::rebuildGraphs() {
    plot_->clearGraphs();
    const auto n = static_cast<int>(history_.cpuCount());
    for (int i = 0; i < n; ++i) {
        auto* g = plot_->addGraph();
        g->setName(tr("CPU %1").arg(i));
        g->setProperty("cpu", i);
        g->setPen(QPen(seriesColor(i), 1.5));
    }
    auto* io = plot_->addGraph();
    io->setName(tr("iowait (all CPUs)"));
    QPen pen(palette().color(QPalette::WindowText), 1.2, Qt::DashLine);
    io->setPen(pen);
}

void CpuPlot::addSample(double t, const metrics::CpuSample& sample) {
    const std::size_t before = history_.cpuCount();
    history_.add(t, sample);
    if (history_.cpuCount() != before || plot_->graphCount() == 0) rebuildGraphs();
    dirty_ = true;
    if (isVisible()) refresh();
}

void CpuPlot::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (dirty_) refresh();
}

void CpuPlot::refresh() {
    dirty_ = false;
    const auto times = history_.times();
    const QVector<double> keys(times.begin(), times.end());
    for (int i = 0; i < plot_->graphCount(); ++i) {
        auto* g = plot_->graph(i);
        const auto cpu = g->property("cpu");
        const auto values = cpu.isValid() ? history_.busy(static_cast<std::size_t>(cpu.toInt()))
                                          : history_.iowait();
        g->setData(keys, QVector<double>(values.begin(), values.end()), true);
    }
    if (!times.empty())
        plot_->xAxis->setRange(std::max(times.back() - 300.0, times.front()), times.back());
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace tl::ui
