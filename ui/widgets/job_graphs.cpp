#include "widgets/job_graphs.h"

#include <qcustomplot.h>

#include "widgets/plot_style.h"
#include "widgets/units_format.h"

namespace tl::ui {

namespace {
QCPGraph* addLine(QCustomPlot* plot, QCPAxisRect* rect, const QVector<double>& keys,
                  const std::vector<double>& values, double scale, const QString& name,
                  const QPen& pen) {
    auto* g = plot->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    QVector<double> v(static_cast<qsizetype>(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i)
        v[static_cast<qsizetype>(i)] = values[i] / scale;
    g->setData(keys, v, true);
    g->setName(name);
    g->setPen(pen);
    return g;
}
} // namespace

void drawJobGraphs(QCustomPlot* plot, const metrics::SeriesSet& s, const QString& title) {
    plot->clearGraphs();
    // The default axis rect (and its legend) go; plot->xAxis etc. are null from here on.
    plot->plotLayout()->clear();
    plot->setBackground(plot->palette().color(QPalette::Base));
    const QColor fg = plot->palette().color(QPalette::Text);
    auto* heading = new QCPTextElement(plot, title, QFont(plot->font().family(), 12, QFont::Bold));
    heading->setTextColor(fg);
    plot->plotLayout()->addElement(0, 0, heading);
    auto* rates = new QCPAxisRect(plot);
    auto* cpus = new QCPAxisRect(plot);
    plot->plotLayout()->addElement(1, 0, rates);
    plot->plotLayout()->addElement(2, 0, cpus);
    auto* group = new QCPMarginGroup(plot);
    for (auto* r : {rates, cpus}) {
        r->setMarginGroup(QCP::msLeft | QCP::msRight, group);
        for (auto* axis : r->axes()) {
            axis->setBasePen(QPen(fg));
            axis->setTickPen(QPen(fg));
            axis->setSubTickPen(QPen(fg));
            axis->setTickLabelColor(fg);
            axis->setLabelColor(fg);
        }
        r->axis(QCPAxis::atBottom)->setLabel(QObject::tr("time since the job started (s)"));
    }
    rates->axis(QCPAxis::atLeft)->setLabel(QObject::tr("Throughput (%1)").arg(rateUnit()));
    const double unit = rateUnitBytes(); // MB/s or MiB/s, as the Settings page chose
    cpus->axis(QCPAxis::atLeft)->setLabel(QObject::tr("CPU utilization (%)"));
    const QVector<double> keys(s.times.begin(), s.times.end());
    int i = 0;
    double top = 1;
    for (const auto* x : s.with_prefix("drive:")) {
        addLine(plot, rates, keys, x->values, unit, QString::fromStdString(x->name.substr(6)),
                QPen(seriesColor(i++), 1.5));
        for (double v : x->values)
            top = std::max(top, v / unit);
    }
    if (const auto* total = s.find("total")) {
        addLine(plot, rates, keys, total->values, unit, QObject::tr("Total"), QPen(fg, 2.2));
        for (double v : total->values)
            top = std::max(top, v / unit);
    }
    i = 0;
    for (const auto* x : s.with_prefix("cpu:")) {
        if (x->name == "cpu:all") continue;
        addLine(plot, cpus, keys, x->values, 1,
                QObject::tr("CPU %1").arg(QString::fromStdString(x->name.substr(4))),
                QPen(seriesColor(i++), 1.2));
    }
    if (const auto* io = s.find("iowait"))
        addLine(plot, cpus, keys, io->values, 1, QObject::tr("iowait"),
                QPen(fg, 1.2, Qt::DashLine));
    const double end = s.times.empty() ? 1 : std::max(1.0, s.times.back());
    rates->axis(QCPAxis::atBottom)->setRange(0, end);
    cpus->axis(QCPAxis::atBottom)->setRange(0, end);
    rates->axis(QCPAxis::atLeft)->setRange(0, top * 1.1);
    cpus->axis(QCPAxis::atLeft)->setRange(0, 100);
    // One legend per rect, inside it.
    for (auto* r : {rates, cpus}) {
        auto* legend = new QCPLegend;
        r->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
        legend->setLayer(QStringLiteral("legend"));
        legend->setBrush(plot->palette().color(QPalette::Base));
        legend->setTextColor(fg);
        legend->setBorderPen(QPen(fg));
        for (int g = 0; g < plot->graphCount(); ++g)
            if (plot->graph(g)->keyAxis()->axisRect() == r) plot->graph(g)->addToLegend(legend);
        legend->setVisible(legend->itemCount() > 0); // no empty box for a job without series
    }
    plot->replot(QCustomPlot::rpImmediateRefresh);
}

bool saveJobGraphsPng(const metrics::SeriesSet& series, const QString& title, const QString& path,
                      int width, int height) {
    QCustomPlot plot;
    plot.resize(width, height);
    drawJobGraphs(&plot, series, title);
    return plot.savePng(path, width, height);
}

} // namespace tl::ui
