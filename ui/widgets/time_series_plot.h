#pragma once
// A live graph of several series over time (per-drive MB/s, per-CPU %): QCustomPlot over a
// SeriesHistory, with a zoom choice (5 min / 1 h / 24 h), pause, and export as PNG. Times are
// wall-clock unix seconds shown as clock times, so graphs side by side share one time axis; an
// automatic value axis fits the visible window only; the legend sits below the graph, never
// over the newest points. The visible zoom level is redrawn only when it gained a point, and
// never while the widget is hidden or paused (the history keeps filling). GUI thread only.
#include <QWidget>
#include <vector>

#include "models/series_history.h"

class QCPItemText;
class QCustomPlot;
class QComboBox;
class QToolButton;

namespace tl::ui {

class TimeSeriesPlot final : public QWidget {
    Q_OBJECT
public:
    // `scale` divides stored values for display (1e6: B/s shown as MB/s).
    TimeSeriesPlot(const QString& yLabel, double yMax, double scale, QWidget* parent = nullptr);

    // Starts a new graph with these series; `labels` are shown in the legend. A series whose
    // name is in `emphasized` is drawn thick (the total) or dashed (iowait) by the caller's
    // choice through setSeriesStyle().
    void reset(const std::vector<std::string>& names, const QStringList& labels);
    void setSeriesPen(int series, const QPen& pen);
    // `t`: wall-clock unix seconds (with fraction).
    void add(double t, const std::vector<double>& values);

    const SeriesHistory& history() const { return history_; }
    QCustomPlot* plot() const { return plot_; }
    int zoomLevel() const;
    void setZoomLevel(int level);
    bool paused() const { return paused_; }
    void setPaused(bool p);
    // Writes the graph as a PNG; false with a logged reason on failure.
    bool exportPng(const QString& path);
    // The text naming a peak above the value axis ("" when none is cut off).
    QString peakNote() const;
    // Graphs side by side show one time range: this plot and `other` take the zoom level either
    // is set to and the window that ends at the newest sample of both.
    void shareTimeAxis(TimeSeriesPlot* other);

Q_SIGNALS:
    void exportFailed(const QString& message);

protected:
    void showEvent(QShowEvent* e) override;

private:
    void refresh();
    // The shown window at the zoom level: the span up to the newest sample of this plot and
    // the plots sharing its time axis, from the oldest kept; false with no samples at all.
    bool timeWindow(double& from, double& to) const;
    void fitValueAxis(std::vector<double> visible);
    void showLegend(bool on);
    QCustomPlot* plot_;
    QCPItemText* peak_ = nullptr;
    QComboBox* zoom_;
    QToolButton* pause_;
    QToolButton* export_;
    SeriesHistory history_;
    std::vector<TimeSeriesPlot*> sharing_;
    double scale_;
    double yMax_;
    bool dirty_ = false;
    bool paused_ = false;
};

} // namespace tl::ui
