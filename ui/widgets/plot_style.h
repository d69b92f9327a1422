#pragma once
// Shared look of every QCustomPlot in the console: colors from the widget palette, so light and
// dark themes are both legible, and a fixed qualitative palette for series.
#include <QColor>

class QCustomPlot;

namespace tl::ui {
void applyPlotStyle(QCustomPlot* plot);
QColor seriesColor(int index);
} // namespace tl::ui
