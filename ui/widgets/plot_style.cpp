#include "widgets/plot_style.h"

#include <qcustomplot.h>

namespace tl::ui {

QColor seriesColor(int index) {
    // Tableau-10: distinguishable on light and dark backgrounds.
    static const QRgb colors[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                  0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    return QColor::fromRgb(colors[static_cast<unsigned>(index) % 10]);
}

void applyPlotStyle(QCustomPlot* plot) {
    const QPalette pal = plot->palette();
    const QColor bg = pal.color(QPalette::Base);
    const QColor fg = pal.color(QPalette::Text);
    plot->setBackground(bg);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        axis->setBasePen(QPen(fg));
        axis->setTickPen(QPen(fg));
        axis->setSubTickPen(QPen(fg));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
        QColor grid = fg;
        grid.setAlpha(40);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
    plot->legend->setBrush(bg);
    plot->legend->setTextColor(fg);
    plot->legend->setBorderPen(QPen(fg));
    plot->setNoAntialiasingOnDrag(true);
}

} // namespace tl::ui
