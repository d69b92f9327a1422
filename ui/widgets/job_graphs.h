#pragma once
// A finished job's graphs from its recorded series: throughput per drive with the total (MB/s)
// above, utilization per CPU with iowait (%) below, on one shared time axis. Used by the Reports
// page and by `tapeloom --export-report ID --png FILE` (what `tapeloom-cli report --png` runs).
#include <QString>

#include "metrics/series.h"

class QCustomPlot;

namespace tl::ui {

// Fills `plot` (cleared first) with the job's graphs.
void drawJobGraphs(QCustomPlot* plot, const metrics::SeriesSet& series, const QString& title);
// Draws into an offscreen plot of `width`×`height` pixels and saves a PNG.
bool saveJobGraphsPng(const metrics::SeriesSet& series, const QString& title, const QString& path,
                      int width = 1200, int height = 720);

} // namespace tl::ui
