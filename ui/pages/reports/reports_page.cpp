#include "pages/reports/reports_page.h"

#include <QTabWidget>
#include <QVBoxLayout>

#include "pages/reports/bench_view.h"
#include "pages/reports/job_reports_view.h"

namespace tl::ui {

ReportsPage::ReportsPage(const DoorAddress& door, const QString& cli, QWidget* parent)
    : QWidget(parent), jobs_(new JobReportsView(door, this)), bench_(new BenchView(cli, this)) {
    auto* layout = new QVBoxLayout(this);
    auto* tabs = new QTabWidget(this);
    tabs->addTab(jobs_, tr("Jobs"));
    tabs->addTab(bench_, tr("Benchmarks"));
    layout->addWidget(tabs);
}

void ReportsPage::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    jobs_->refresh(); // jobs may have ended since the page was last shown
}

} // namespace tl::ui
