#include "widgets/cpu_plot.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include "widgets/time_series_plot.h"

namespace tl::ui {

CpuPlot::CpuPlot(QWidget* parent)
    : QWidget(parent), plot_(new TimeSeriesPlot(tr("CPU utilization (%)"), 100, 1, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    plot_->plot()->setAccessibleName(tr("Per-CPU utilization graph"));
}

int CpuPlot::cpuGraphCount() const {
    return static_cast<int>(cpus_);
}

int CpuPlot::pointCount(int cpu) const {
    if (cpu < 0 || static_cast<std::size_t>(cpu) >= cpus_) return 0;
    return plot_->plot()->graph(cpu)->data()->size();
}

void CpuPlot::addSample(double t, const metrics::CpuSample& sample) {
    std::vector<double> busy;
    for (const auto& c : sample.per_cpu)
        busy.push_back(c.busy());
    addBusy(t, busy, sample.all.iowait);
}

void CpuPlot::addBusy(double t, const std::vector<double>& busy, double iowait) {
    if (busy.size() != cpus_ || plot_->history().names().empty()) {
        cpus_ = busy.size();
        std::vector<std::string> names;
        QStringList labels;
        for (std::size_t i = 0; i < cpus_; ++i) {
            names.push_back("cpu:" + std::to_string(i));
            labels << tr("CPU %1").arg(i);
        }
        names.push_back("iowait");
        labels << tr("iowait (all CPUs)");
        plot_->reset(names, labels);
        plot_->setSeriesPen(static_cast<int>(cpus_),
                            QPen(palette().color(QPalette::WindowText), 1.2, Qt::DashLine));
    }
    auto values = busy;
    values.push_back(iowait);
    plot_->add(t, values);
}

} // namespace tl::ui
