#include "pages/log/log_page.h"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include "models/log_model.h"
#include "pages/log/log_filter_proxy.h"

namespace tl::ui {

LogPage::LogPage(LogModel* model, QWidget* parent)
    : QWidget(parent), model_(model), proxy_(new LogFilterProxy(this)), level_(new QComboBox(this)),
      module_(new QComboBox(this)), job_(new QSpinBox(this)), filter_(new QLineEdit(this)),
      view_(new QTableView(this)) {
    proxy_->setSourceModel(model_);

    auto* bar = new QHBoxLayout;
    auto* levelLabel = new QLabel(tr("&Level:"), this);
    levelLabel->setBuddy(level_);
    for (int l = 1; l <= 5; ++l)
        level_->addItem(LogModel::levelName(l), l);
    level_->setCurrentIndex(1); // info and up
    level_->setAccessibleName(tr("Minimum log level"));
    proxy_->setMinimumLevel(2);
    filter_->setPlaceholderText(tr("Filter by text or module"));
    filter_->setClearButtonEnabled(true);
    filter_->setAccessibleName(tr("Log text filter"));
    auto* moduleLabel = new QLabel(tr("&Module:"), this);
    moduleLabel->setBuddy(module_);
    module_->addItem(tr("all"), QString());
    module_->setAccessibleName(tr("Log module"));
    module_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* jobLabel = new QLabel(tr("&Job:"), this);
    jobLabel->setBuddy(job_);
    job_->setRange(0, 999999999);
    job_->setSpecialValueText(tr("all"));
    job_->setAccessibleName(tr("Lines of job"));
    job_->setToolTip(tr("Only the lines that name this job (\"backup job 12: …\")"));
    bar->addWidget(levelLabel);
    bar->addWidget(level_);
    bar->addWidget(moduleLabel);
    bar->addWidget(module_);
    bar->addWidget(jobLabel);
    bar->addWidget(job_);
    bar->addWidget(filter_, 1);

    view_->setModel(proxy_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setAlternatingRowColors(true);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setColumnWidth(LogModel::Time, 180);
    view_->setColumnWidth(LogModel::Level, 70);
    view_->setColumnWidth(LogModel::Module, 80);
    view_->setColumnWidth(LogModel::Process, 110);
    view_->setAccessibleName(tr("Log messages"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(view_, 1);

    connect(level_, &QComboBox::currentIndexChanged, this,
            [this](int) { proxy_->setMinimumLevel(level_->currentData().toInt()); });
    connect(filter_, &QLineEdit::textChanged, proxy_, &LogFilterProxy::setText);
    connect(module_, &QComboBox::currentIndexChanged, this,
            [this](int) { proxy_->setModule(module_->currentData().toString()); });
    connect(job_, &QSpinBox::valueChanged, proxy_, &LogFilterProxy::setJob);
    connect(model_, &QAbstractItemModel::rowsInserted, this, &LogPage::updateModules);
    updateModules();
    // Follow the tail while the user is at the bottom.
    connect(model_, &QAbstractItemModel::rowsInserted, this, [this] {
        auto* sb = view_->verticalScrollBar();
        if (sb->value() >= sb->maximum() - 2) view_->scrollToBottom();
    });
}

// The module choice lists the modules seen so far; the one chosen stays chosen.
void LogPage::updateModules() {
    const QStringList seen = model_->modules();
    if (module_->count() == seen.size() + 1) return;
    const QString chosen = module_->currentData().toString();
    const QSignalBlocker block(module_);
    while (module_->count() > 1)
        module_->removeItem(1);
    for (const auto& m : seen)
        module_->addItem(m, m);
    module_->setCurrentIndex(std::max(0, module_->findData(chosen)));
}

} // namespace tl::ui
