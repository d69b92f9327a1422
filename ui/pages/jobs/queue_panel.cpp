#include "pages/jobs/queue_panel.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <thread>

#include "catalog/db.h"
#include "common/log.h"
#include "pages/jobs/definition_runner.h"
#include "pages/jobs/jobs_style.h"
#include "pages/jobs/queue_table_model.h"
#include "schedule/queue_store.h"
#include "schedule/service_lock.h"

namespace tl::ui {

namespace {
// `queue cancel`: ask the service to stop the entry, or drop it when no service would act.
QString cancel_service_entry(const std::string& catalogPath, const std::string& home,
                             std::int64_t id) {
    auto db = catalog::Db::open(catalogPath, false);
    if (!db) return QString::fromStdString(db.error().message);
    schedule::QueueStore queue(db.value());
    if (auto st = queue.request_cancel(id); !st) return QString::fromStdString(st.error().message);
    if (schedule::service_holder(home) == 0)
        if (auto st = queue.remove(id); !st) return QString::fromStdString(st.error().message);
    return {};
}
} // namespace

QueuePanel::QueuePanel(const QString& catalogPath, DefinitionRunner* runner, QWidget* parent)
    : QWidget(parent), catalogPath_(catalogPath), runner_(runner),
      model_(new QueueTableModel(catalogPath, this)), table_(new QTableView(this)),
      service_(new QLabel(this)), cancel_(new QPushButton(tr("&Cancel job…"), this)) {
    table_->setModel(model_);
    setUpTable(table_, QStringLiteral("jobsPage/queueHeader"), tr("Queue"));
    table_->setSortingEnabled(false); // the local run first, then the service's order
    cancel_->setAccessibleName(tr("Cancel the selected queued or running job"));
    cancel_->setEnabled(false);
    service_->setAccessibleName(tr("Scheduler service"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(service_, 1);
    bar->addWidget(cancel_);
    auto* box = new QVBoxLayout(this);
    box->addLayout(bar);
    box->addWidget(table_, 1);
    connect(cancel_, &QPushButton::clicked, this, &QueuePanel::cancelSelected);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& i) { cancel_->setEnabled(i.isValid()); });
}

bool QueuePanel::refresh(QString* error) {
    const int row = table_->currentIndex().row();
    const qint64 id = row >= 0 && row < model_->rowCount() ? model_->entry(row).id : -1;
    model_->setLocalRun(runner_->entry());
    auto st = model_->refresh();
    const long pid = model_->servicePid();
    // The console runs the service loop itself when no `serve` holds the home (its own pid).
    service_->setText(pid == QCoreApplication::applicationPid()
                          ? tr("Scheduler: running in this console.")
                      : pid ? tr("Scheduler service: running (pid %1).").arg(pid)
                            : tr("Scheduler service: not running; scheduled jobs wait until it "
                                 "runs (tapeloom-cli serve)."));
    fitColumnsOnce(table_);
    for (int r = 0; id >= 0 && r < model_->rowCount(); ++r)
        if (model_->entry(r).id == id) table_->setCurrentIndex(model_->index(r, 0));
    cancel_->setEnabled(table_->currentIndex().isValid());
    if (!st) {
        if (error) *error = QString::fromStdString(st.error().message);
        return false;
    }
    return true;
}

bool QueuePanel::cancelSelected() {
    const int row = table_->currentIndex().row();
    if (row < 0 || row >= model_->rowCount()) {
        Q_EMIT message(tr("Select a job in the queue to cancel."), true);
        return false;
    }
    const auto e = model_->entry(row);
    const QString name = QString::fromStdString(e.definition);
    if (confirm_ && !confirm_(tr("Cancel job %1 (%2)?").arg(name, QString::fromStdString(e.level))))
        return false;
    if (e.id == 0) { // the run started from this page
        const bool ok = runner_->cancel();
        Q_EMIT message(ok ? tr("Cancelling %1…").arg(name) : tr("%1 has already ended.").arg(name),
                       !ok);
        refresh();
        return ok;
    }
    QPointer<QueuePanel> self(this);
    const std::string path = catalogPath_.toStdString();
    const std::string home = QFileInfo(catalogPath_).path().toStdString();
    const std::int64_t id = e.id;
    std::thread([self, path, home, id, name] {
        const QString error = cancel_service_entry(path, home, id);
        if (!error.isEmpty())
            log::get("ui")->error("cancel queue entry {}: {}", id, error.toStdString());
        if (!self) return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, error, id, name] {
                if (!self) return;
                Q_EMIT self->message(
                    error.isEmpty()
                        ? tr("Cancel requested for %1 (queue entry %2).").arg(name).arg(id)
                        : tr("Cannot cancel queue entry %1: %2").arg(id).arg(error),
                    !error.isEmpty());
                self->refresh();
            },
            Qt::QueuedConnection);
    }).detach();
    return true;
}

} // namespace tl::ui
