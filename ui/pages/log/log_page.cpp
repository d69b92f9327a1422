#include "pages/log/log_page.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include "models/log_model.h"
#include "pages/log/log_filter_proxy.h"

namespace tl::ui {

LogPage::LogPage(LogModel* model, QWidget* parent)
    : QWidget(parent), model_(model), proxy_(new LogFilterProxy(this)), level_(new QComboBox(this)),
      filter_(new QLineEdit(this)), view_(new QTableView(this)) {
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
    bar->addWidget(levelLabel);
    bar->addWidget(level_);
    bar->addWidget(filter_, 1);

    view_->setModel(proxy_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setAlternatingRowColors(true);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setColumnWidth(LogModel::Time, 180);
    view_->setColumnWidth(LogModel::Level, 70);
    view_->setColumnWidth(LogModel::Module, 80);
    view_->setAccessibleName(tr("Log messages"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(view_, 1);

    connect(level_, &QComboBox::currentIndexChanged, this,
            [this](int) { proxy_->setMinimumLevel(level_->currentData().toInt()); });
    connect(filter_, &QLineEdit::textChanged, proxy_, &LogFilterProxy::setText);
    // Follow the tail while the user is at the bottom.
    connect(model_, &QAbstractItemModel::rowsInserted, this, [this] {
        auto* sb = view_->verticalScrollBar();
        if (sb->value() >= sb->maximum() - 2) view_->scrollToBottom();
    });
}

} // namespace tl::ui
