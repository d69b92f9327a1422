#include "pages/dashboard/dashboard_page.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include "bridge/system_poller.h"
#include "widgets/cpu_plot.h"

namespace tl::ui {

DashboardPage::DashboardPage(SystemPoller* poller, const QString& home, QWidget* parent)
    : QWidget(parent), cpuPlot_(new CpuPlot(this)), engineCpu_(new QLabel(this)),
      engineMemory_(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);

    auto* cpuBox = new QGroupBox(tr("CPU utilization per CPU (last 5 minutes)"), this);
    auto* cpuLayout = new QVBoxLayout(cpuBox);
    cpuLayout->addWidget(cpuPlot_);
    layout->addWidget(cpuBox, 1);

    auto* engineBox = new QGroupBox(tr("Engine"), this);
    auto* form = new QFormLayout(engineBox);
    auto* homeLabel = new QLabel(home, engineBox);
    homeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Data directory:"), homeLabel);
    form->addRow(tr("Engine CPU:"), engineCpu_);
    form->addRow(tr("Engine memory:"), engineMemory_);
    engineCpu_->setText(tr("measuring…"));
    engineMemory_->setText(tr("measuring…"));
    layout->addWidget(engineBox);

    connect(poller, &SystemPoller::cpuSampled, cpuPlot_, &CpuPlot::addSample);
    connect(poller, &SystemPoller::processSampled, this, [this](double pct, quint64 rss) {
        engineCpu_->setText(tr("%1 % of one core").arg(QLocale().toString(pct, 'f', 1)));
        engineMemory_->setText(QLocale().formattedDataSize(static_cast<qint64>(rss)));
    });
}

} // namespace tl::ui
