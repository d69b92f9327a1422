#include "pages/restore/restore_versions_panel.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "widgets/units_format.h"

namespace tl::ui {

namespace {
enum VersionRole { JobRole = Qt::UserRole + 1, DeletedRole, SourceRole };
}

RestoreVersionsPanel::RestoreVersionsPanel(DoorAddress door, QWidget* parent)
    : QWidget(parent), door_(std::move(door)), title_(new QLabel(this)),
      view_(new QTableView(this)), model_(new QStandardItemModel(0, 4, this)),
      restore_(new QPushButton(tr("Restore this &version"), this)) {
    model_->setHorizontalHeaderLabels({tr("Job"), tr("Backed up"), tr("Level"), tr("Size")});
    view_->setModel(model_);
    view_->setAccessibleName(tr("Versions of the file"));
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    restore_->setAccessibleName(tr("Restore the chosen version"));
    restore_->setEnabled(false);
    title_->setText(tr("Versions: pick a file in the tree or the search results"));
    title_->setWordWrap(true);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(title_);
    box->addWidget(view_, 1);
    box->addWidget(restore_);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& i) {
                restore_->setEnabled(i.isValid() &&
                                     !i.siblingAtColumn(0).data(DeletedRole).toBool());
            });
    connect(restore_, &QPushButton::clicked, this,
            [this] { chooseRow(view_->currentIndex().row()); });
}

bool RestoreVersionsPanel::showVersions(const QString& absolutePath) {
    model_->removeRows(0, model_->rowCount());
    restore_->setEnabled(false);
    path_ = absolutePath;
    const quint64 asked = ++asked_;
    if (absolutePath.isEmpty()) {
        title_->setText(tr("Versions: pick a file in the tree or the search results"));
        return false;
    }
    runBackgroundRead(nullptr, this,
                      [this, door = door_, path = absolutePath.toStdString(), asked] {
                          auto versions = readService<std::vector<job::FileVersion>>(
                              door, "versions of " + path,
                              [&path](client::Api& api) { return api.file_versions(path); });
                          return GuiContinuation([this, versions = std::move(versions), asked] {
                              if (asked == asked_) listVersions(versions);
                          });
                      });
    return true;
}

void RestoreVersionsPanel::listVersions(const Result<std::vector<job::FileVersion>>& versions) {
    if (!versions) {
        title_->setText(tr("Cannot list the versions of %1: %2")
                            .arg(path_, QString::fromStdString(versions.error().message)));
        Q_EMIT versionsShown(false);
        return;
    }
    const QLocale loc;
    for (const auto& v : versions.value()) {
        QList<QStandardItem*> row;
        auto* job = new QStandardItem(QString::number(v.job_id));
        job->setData(QVariant::fromValue<qint64>(v.job_id), JobRole);
        job->setData(v.deleted, DeletedRole);
        job->setData(QString::fromStdString(v.source), SourceRole);
        row << job
            << new QStandardItem(
                   loc.toString(QDateTime::fromSecsSinceEpoch(v.started), QLocale::ShortFormat))
            << new QStandardItem(QString::fromStdString(v.level))
            << new QStandardItem(v.deleted ? tr("deleted") : formatBytes(quint64(v.size)));
        model_->appendRow(row);
    }
    title_->setText(tr("Versions of %1: %n", nullptr, model_->rowCount()).arg(path_));
    Q_EMIT versionsShown(true);
}

bool RestoreVersionsPanel::chooseRow(int row) {
    if (row < 0 || row >= model_->rowCount()) return false;
    const auto* item = model_->item(row, 0);
    if (item->data(DeletedRole).toBool()) return false;
    const QString source = item->data(SourceRole).toString();
    const QString rel = path_.size() > source.size() ? path_.mid(source.size() + 1) : QString();
    Q_EMIT versionChosen(item->data(JobRole).toLongLong(), source, rel);
    return true;
}

} // namespace tl::ui
