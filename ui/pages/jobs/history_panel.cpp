#include "pages/jobs/history_panel.h"

#include <functional>

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTableView>
#include <QVBoxLayout>

#include "models/job_history_model.h"
#include "pages/jobs/history_filter_proxy.h"
#include "pages/jobs/jobs_style.h"
#include "widgets/job_text.h"

namespace tl::ui {

namespace {
// Each value in words, with its code (as `tapeloom-cli jobs list --status` takes it) as data.
void fill(QComboBox* box, const QString& any, const QStringList& values,
          const std::function<QString(const QString&)>& words) {
    box->addItem(any, QString());
    for (const auto& v : values)
        box->addItem(words(v), v);
}
} // namespace

HistoryPanel::HistoryPanel(const ConsoleContext& ctx, QWidget* parent)
    : QWidget(parent), model_(new JobHistoryModel(ctx.door, this)),
      proxy_(new HistoryFilterProxy(this)), table_(new QTableView(this)),
      status_(new QComboBox(this)), level_(new QComboBox(this)),
      fromOn_(new QCheckBox(tr("&From"), this)), toOn_(new QCheckBox(tr("&Until"), this)),
      from_(new QDateEdit(QDate::currentDate().addDays(-30), this)),
      to_(new QDateEdit(QDate::currentDate(), this)) {
    fill(status_, tr("Any status"),
         {QStringLiteral("completed"), QStringLiteral("warnings"), QStringLiteral("partial"),
          QStringLiteral("failed"), QStringLiteral("cancelled"), QStringLiteral("running")},
         [](const QString& s) { return JobText::status(s); });
    fill(level_, tr("Any level"),
         {QStringLiteral("full"), QStringLiteral("diff"), QStringLiteral("incr")},
         [](const QString& l) { return JobText::level(QStringLiteral("backup"), l); });
    status_->setAccessibleName(tr("Filter by status"));
    level_->setAccessibleName(tr("Filter by level"));
    from_->setAccessibleName(tr("Started on or after"));
    to_->setAccessibleName(tr("Started on or before"));
    for (auto* d : {from_, to_}) {
        d->setCalendarPopup(true);
        d->setEnabled(false);
    }

    proxy_->setSourceModel(model_);
    table_->setModel(proxy_);
    table_->sortByColumn(JobHistoryModel::Id, Qt::DescendingOrder);
    setUpTable(table_, QStringLiteral("jobsPage/historyHeader"), tr("Job history"));
    table_->setToolTip(tr("Double-click or press Enter to open the job's report; right-click "
                          "a backup to verify or clone it"));
    table_->setContextMenuPolicy(Qt::CustomContextMenu);

    auto* bar = new QHBoxLayout;
    auto* statusLabel = new QLabel(tr("&Status:"), this);
    statusLabel->setBuddy(status_);
    auto* levelLabel = new QLabel(tr("&Level:"), this);
    levelLabel->setBuddy(level_);
    bar->addWidget(statusLabel);
    bar->addWidget(status_);
    bar->addWidget(levelLabel);
    bar->addWidget(level_);
    bar->addSpacing(12);
    bar->addWidget(fromOn_);
    bar->addWidget(from_);
    bar->addWidget(toOn_);
    bar->addWidget(to_);
    bar->addStretch(1);
    auto* box = new QVBoxLayout(this);
    box->addLayout(bar);
    box->addWidget(table_, 1);

    connect(status_, &QComboBox::currentIndexChanged, this,
            [this] { proxy_->setStatus(status_->currentData().toString()); });
    connect(level_, &QComboBox::currentIndexChanged, this,
            [this] { proxy_->setLevel(level_->currentData().toString()); });
    for (auto* c : {fromOn_, toOn_})
        connect(c, &QCheckBox::toggled, this, &HistoryPanel::applyDates);
    for (auto* d : {from_, to_})
        connect(d, &QDateEdit::dateChanged, this, &HistoryPanel::applyDates);
    connect(model_, &JobHistoryModel::refreshed, this, &HistoryPanel::showRows);
    connect(table_, &QTableView::activated, this, [this](const QModelIndex& i) {
        if (!i.isValid()) return;
        Q_EMIT openReport(proxy_->index(i.row(), JobHistoryModel::Id).data().toLongLong());
    });
    connect(table_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const auto i = table_->indexAt(at);
        if (!i.isValid()) return;
        auto* menu = menuFor(i.row());
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(table_->viewport()->mapToGlobal(at));
    });
}

QMenu* HistoryPanel::menuFor(int row) {
    const qint64 id = proxy_->index(row, JobHistoryModel::Id).data().toLongLong();
    const QString kind = proxy_->index(row, JobHistoryModel::Kind).data(Qt::UserRole).toString();
    const QString status =
        proxy_->index(row, JobHistoryModel::Status).data(Qt::UserRole).toString();
    // A backup that wrote data: what verify reads back and clone copies.
    const bool backupWithData =
        kind == QLatin1String("backup") &&
        (status == QLatin1String("completed") || status == QLatin1String("warnings") ||
         status == QLatin1String("partial"));
    auto* menu = new QMenu(this);
    menu->addAction(tr("Open &report"), this, [this, id] { Q_EMIT openReport(id); });
    menu->addSeparator();
    auto* verify =
        menu->addAction(tr("&Verify…"), this, [this, id] { Q_EMIT verifyRequested(id); });
    auto* verifyCopy = menu->addAction(tr("Verify c&opy in pool…"), this,
                                       [this, id] { Q_EMIT verifyCopyRequested(id); });
    auto* clone =
        menu->addAction(tr("&Clone to pool…"), this, [this, id] { Q_EMIT cloneRequested(id); });
    for (auto* a : {verify, verifyCopy, clone}) {
        a->setEnabled(backupWithData);
        if (!backupWithData) a->setToolTip(tr("Only a backup that ended with data"));
    }
    return menu;
}

HistoryPanel::~HistoryPanel() = default;

void HistoryPanel::refresh() {
    const auto current = table_->currentIndex();
    if (current.isValid())
        keep_ = proxy_->index(current.row(), JobHistoryModel::Id).data().toLongLong();
    model_->refresh();
}

void HistoryPanel::showRows(const QString& error) {
    if (!error.isEmpty()) {
        Q_EMIT failed(error);
        return;
    }
    fitColumnsOnce(table_);
    for (int r = 0; keep_ && r < proxy_->rowCount(); ++r)
        if (proxy_->index(r, JobHistoryModel::Id).data().toLongLong() == keep_) {
            table_->setCurrentIndex(proxy_->index(r, 0));
            break;
        }
    Q_EMIT refreshed();
}

void HistoryPanel::setStatusFilter(const QString& status) {
    status_->setCurrentIndex(std::max(0, status_->findData(status)));
}

void HistoryPanel::setLevelFilter(const QString& level) {
    level_->setCurrentIndex(std::max(0, level_->findData(level)));
}

void HistoryPanel::applyDates() {
    from_->setEnabled(fromOn_->isChecked());
    to_->setEnabled(toOn_->isChecked());
    proxy_->setDateRange(fromOn_->isChecked() ? from_->date() : QDate(),
                         toOn_->isChecked() ? to_->date() : QDate());
}

} // namespace tl::ui
