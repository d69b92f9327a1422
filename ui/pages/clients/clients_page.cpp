#include "pages/clients/clients_page.h"

#include <QAction>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "bridge/typed_door.h"
#include "common/log.h"
#include "pages/clients/client_table_model.h"
#include "widgets/page_actions.h"
#include "widgets/table_columns.h"

namespace tl::ui {

ClientsPage::ClientsPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), board_(board), door_(ctx.door), model_(new ClientTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)), view_(new QTableView(this)),
      status_(new QLabel(this)), timer_(new QTimer(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(ClientTableModel::SortRole);
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(ClientTableModel::Name, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setAlternatingRowColors(true);
    view_->setWordWrap(false);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setAccessibleName(tr("Clients"));
    status_->setWordWrap(true);
    status_->setAccessibleName(tr("Clients status"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    buildActions();
    confirm_ = [this](const QString& question) {
        return QMessageBox::question(this, tr("Clients"), question) == QMessageBox::Yes;
    };
    timer_->setInterval(5000);
    connect(timer_, &QTimer::timeout, this, &ClientsPage::refresh);
}

void ClientsPage::buildActions() {
    auto* add =
        addPageAction(this, tr("&Add…"), QKeySequence(Qt::CTRL | Qt::Key_N),
                      tr("Add a client whose tapeloom-agent this service backs up (Ctrl+N)"));
    auto* remove = addPageAction(this, tr("&Remove"), QKeySequence::Delete,
                                 tr("Remove the selected client (Del); its backups stay"));
    auto* reload = addPageAction(this, tr("Re&fresh"), QKeySequence::Refresh,
                                 tr("Read the clients again (F5)"));
    auto* bar = actionButtonBar(this, {add, remove, reload});
    connect(add, &QAction::triggered, this, &ClientsPage::openAddDialog);
    connect(remove, &QAction::triggered, this, &ClientsPage::removeSelected);
    connect(reload, &QAction::triggered, this, &ClientsPage::refresh);
    auto* box = new QVBoxLayout(this);
    box->addLayout(bar);
    box->addWidget(status_);
    box->addWidget(view_, 1);
}

void ClientsPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
    timer_->start();
}

void ClientsPage::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    timer_->stop();
}

QString ClientsPage::status() const {
    return status_->text();
}

void ClientsPage::refresh() {
    if (reading_) return;
    reading_ = true;
    runBackgroundRead(&board_, this, [this, door = door_]() -> GuiContinuation {
        ClientSnapshot snapshot =
            readClients(door, QDateTime::currentSecsSinceEpoch()); // values only
        return [this, snapshot] { apply(snapshot); };
    });
}

void ClientsPage::apply(const ClientSnapshot& snapshot) {
    reading_ = false;
    if (!snapshot.serviceFingerprint.isEmpty()) serviceFingerprint_ = snapshot.serviceFingerprint;
    if (!snapshot.error.isEmpty()) {
        report(tr("Cannot read the clients: %1").arg(snapshot.error), true);
    } else {
        const auto rows = view_->selectionModel()->selectedRows();
        const QString selected =
            rows.isEmpty() ? QString() : rows.first().data(ClientTableModel::NameRole).toString();
        model_->setClients(snapshot.clients);
        if (int r = model_->rowOf(selected); r >= 0)
            view_->selectRow(proxy_->mapFromSource(model_->index(r, 0)).row());
        widenColumnsToContents(view_);
        if (snapshot.clients.isEmpty() && status_->text().isEmpty())
            report(tr("No clients yet: Add… one whose tapeloom-agent runs (docs: agent.md)."),
                   false);
    }
    Q_EMIT refreshed();
}

QStringList ClientsPage::names() const {
    QStringList out;
    for (const auto& c : model_->clients())
        out << c.name;
    return out;
}

bool ClientsPage::addClient(const ClientSpec& spec) {
    if (const QString why = clientSpecProblem(spec, names()); !why.isEmpty()) {
        report(tr("Not added: %1").arg(why), true);
        return false;
    }
    const client::NewClient c{spec.name.toStdString(), spec.address.toStdString(),
                              spec.fingerprint.toStdString()};
    log::get("ui")->info("clients page: adding {}", spec.name.toStdString());
    return run(tr("Adding client %1").arg(spec.name),
               throughService(door_, "client add " + c.name,
                              [c](client::Api& api) { return done(api.add_client(c)); }),
               tr("Client %1 added; run on it: tapeloom-agent trust --state DIR "
                  "--server-fingerprint %2")
                   .arg(spec.name, serviceFingerprint_));
}

bool ClientsPage::removeClient(const QString& name) {
    if (model_->rowOf(name) < 0) {
        report(tr("Client %1 is not added.").arg(name), true);
        return false;
    }
    if (!confirm_(tr("Remove client %1? Its backups stay in the catalog; the service no longer "
                     "connects to its agent.")
                      .arg(name)))
        return false;
    return run(
        tr("Removing client %1").arg(name),
        throughService(door_, "client remove " + name.toStdString(),
                       [n = name.toStdString()](client::Api& api) { return api.remove_client(n); }),
        tr("Client %1 removed.").arg(name));
}

bool ClientsPage::run(const QString& what, std::function<QString()> work, const QString& doneText) {
    QPointer<ClientsPage> guard(this);
    runCatalogTask(board_, this, what, std::move(work), [guard, doneText](const QString& error) {
        if (!guard) return;
        guard->report(error.isEmpty() ? doneText : error, !error.isEmpty());
        guard->refresh();
        Q_EMIT guard->actionFinished(error);
    });
    report(tr("%1…").arg(what), false);
    return true;
}

void ClientsPage::openAddDialog() {
    ClientAddDialog dialog(names(), serviceFingerprint_, this);
    if (dialog.exec() == QDialog::Accepted) addClient(dialog.spec());
}

void ClientsPage::removeSelected() {
    const auto rows = view_->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        report(tr("Select a client first."), true);
        return;
    }
    removeClient(rows.first().data(ClientTableModel::NameRole).toString());
}

void ClientsPage::report(const QString& message, bool problem) {
    if (problem) log::get("ui")->warn("clients page: {}", message.toStdString());
    status_->setText(message);
}

} // namespace tl::ui
