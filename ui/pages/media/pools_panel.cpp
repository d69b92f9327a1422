#include "pages/media/pools_panel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "bridge/typed_door.h"
#include "client/pools.h"
#include "pages/media/pool_dialog.h"
#include "pages/media/pool_table_model.h"
#include "widgets/layout_settings.h"
#include "widgets/table_columns.h"

namespace tl::ui {

namespace {
QString kPoolHeaderKey() {
    return layoutKey(QStringLiteral("media/poolColumns"));
}
} // namespace

PoolsPanel::PoolsPanel(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), ctx_(ctx), board_(board), model_(new PoolTableModel(this)),
      view_(new QTableView(this)), add_(new QPushButton(tr("&Add pool…"), this)),
      edit_(new QPushButton(tr("&Edit pool…"), this)),
      remove_(new QPushButton(tr("Remove pool…"), this)) {
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(Qt::UserRole);
    view_->setModel(proxy);
    view_->setSortingEnabled(true);
    view_->sortByColumn(PoolTableModel::Name, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setAccessibleName(tr("Pools"));
    view_->setWordWrap(false);
    sized_ =
        view_->horizontalHeader()->restoreState(QSettings().value(kPoolHeaderKey()).toByteArray());
    connect(view_->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
        QSettings().setValue(kPoolHeaderKey(), view_->horizontalHeader()->saveState());
    });
    add_->setAccessibleName(tr("Add a pool"));
    edit_->setAccessibleName(tr("Edit the selected pool"));
    remove_->setAccessibleName(tr("Remove the selected pool"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add_);
    buttons->addWidget(edit_);
    buttons->addWidget(remove_);
    buttons->addStretch(1);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(view_, 1);
    box->addLayout(buttons);
    connect(add_, &QPushButton::clicked, this, &PoolsPanel::openAddDialog);
    connect(edit_, &QPushButton::clicked, this, &PoolsPanel::openEditDialog);
    connect(remove_, &QPushButton::clicked, this, &PoolsPanel::removeCurrent);
    connect(view_, &QTableView::doubleClicked, this, &PoolsPanel::openEditDialog);
}

void PoolsPanel::setPools(std::vector<media::Pool> pools) {
    model_->setPools(std::move(pools));
    if (!sized_ && model_->rowCount() > 0) { // first time: fit the contents
        sized_ = true;
        view_->resizeColumnsToContents();
    }
    widenColumnsToContents(view_); // e.g. "keine Grenze" whole
}

QString PoolsPanel::currentPool() const {
    const auto i = view_->currentIndex();
    return i.isValid() ? i.siblingAtColumn(PoolTableModel::Name).data().toString() : QString();
}

bool PoolsPanel::run(const QString& what, std::function<QString()> work, const QString& success) {
    runCatalogTask(board_, this, what, std::move(work), [this, success](const QString& error) {
        if (error.isEmpty())
            Q_EMIT status(success, false);
        else
            Q_EMIT status(error, true);
        Q_EMIT changed();
    });
    return true;
}

bool PoolsPanel::addPool(const QString& name, const media::PoolChanges& values) {
    const std::string n = name.toStdString();
    return run(tr("Adding pool %1").arg(name),
               throughService(ctx_.door, "pool add " + n,
                              [n, values](client::Api& api) {
                                  return done(api.add_pool(n, client::pool_changes_of(values)));
                              }),
               tr("Pool %1 added.").arg(name));
}

bool PoolsPanel::editPool(const QString& name, const media::PoolChanges& changes) {
    const std::string n = name.toStdString();
    return run(tr("Changing pool %1").arg(name),
               throughService(ctx_.door, "pool edit " + n,
                              [n, changes](client::Api& api) {
                                  return done(api.change_pool(n, client::pool_changes_of(changes)));
                              }),
               tr("Pool %1 changed.").arg(name));
}

bool PoolsPanel::removePool(const QString& name) {
    if (name.isEmpty()) {
        Q_EMIT status(tr("Select a pool first."), true);
        return false;
    }
    if (confirm_ && !confirm_(tr("Remove pool %1? This is refused while volumes or jobs belong "
                                 "to it.")
                                  .arg(name)))
        return false;
    const std::string n = name.toStdString();
    return run(tr("Removing pool %1").arg(name),
               throughService(ctx_.door, "pool remove " + n,
                              [n](client::Api& api) { return api.remove_pool(n); }),
               tr("Pool %1 removed.").arg(name));
}

void PoolsPanel::openAddDialog() {
    PoolDialog dialog(nullptr, model_->names(), this, keyNames());
    if (dialog.exec() == QDialog::Accepted) addPool(dialog.name(), dialog.values());
}

void PoolsPanel::openEditDialog() {
    const QString name = currentPool();
    const media::Pool* pool = nullptr;
    for (const auto& p : model_->pools())
        if (QString::fromStdString(p.name) == name) pool = &p;
    if (!pool) {
        Q_EMIT status(tr("Select a pool first."), true);
        return;
    }
    PoolDialog dialog(pool, model_->names(), this, keyNames());
    if (dialog.exec() == QDialog::Accepted) editPool(name, dialog.values());
}

QStringList PoolsPanel::keyNames() const {
    return keyNames_;
}

void PoolsPanel::setKeyNames(QStringList names) {
    keyNames_ = std::move(names);
}

void PoolsPanel::removeCurrent() {
    removePool(currentPool());
}

} // namespace tl::ui
