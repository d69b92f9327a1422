#include "pages/devices/devices_page.h"

#include <QAction>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "bridge/typed_door.h"
#include "common/log.h"
#include "pages/devices/device_add_dialog.h"
#include "pages/devices/drive_table_model.h"
#include "pages/devices/library_table_model.h"
#include "widgets/layout_settings.h"
#include "widgets/page_actions.h"
#include "widgets/table_columns.h"

namespace tl::ui {

namespace {
QString kDrivesHeader() {
    return layoutKey(QStringLiteral("devices/drivesHeader"));
}
QString kLibrariesHeader() {
    return layoutKey(QStringLiteral("devices/librariesHeader"));
}

QTableView* makeTable(QAbstractItemModel* model, const QString& name, QWidget* parent) {
    auto* t = new QTableView(parent);
    t->setModel(model);
    t->setSortingEnabled(true);
    t->sortByColumn(0, Qt::AscendingOrder);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setAccessibleName(name);
    return t;
}

QString selectedName(QTableView* view, int role) {
    const auto rows =
        view->selectionModel() ? view->selectionModel()->selectedRows() : QModelIndexList{};
    return rows.isEmpty() ? QString() : rows.first().data(role).toString();
}

// The typed door's addition of `spec` (POST /v1/drives or /v1/libraries), as a console beside
// the service makes it.
ApiCall addCall(const DeviceSpec& spec) {
    using K = DeviceSpec::Kind;
    const std::string name = spec.name.toStdString(), dev = spec.device.toStdString();
    if (!isLibrary(spec.kind)) {
        client::NewDrive d;
        d.name = name;
        d.kind = spec.kind == K::StDrive ? "st" : spec.kind == K::NullDrive ? "null" : "virtual";
        if (spec.kind == K::StDrive) d.device = dev;
        if (spec.kind == K::VirtualDrive) d.capacity = spec.capacity;
        return [d](client::Api& api) { return done(api.add_drive(d)); };
    }
    client::NewLibrary l;
    l.name = name;
    if (spec.kind == K::MtxLibrary) {
        l.kind = "mtx";
        l.changer = dev;
        for (const auto& d : spec.driveDevices)
            l.drive_devices.push_back(d.toStdString());
    } else {
        l.kind = "virtual";
        l.drives = spec.drives;
        l.storage_slots = spec.storageSlots;
        l.mail_slots = spec.mailSlots;
        l.capacity = spec.capacity;
    }
    return [l](client::Api& api) { return done(api.add_library(l)); };
}
} // namespace

DevicesPage::DevicesPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), board_(board), door_(ctx.door), drives_(new DriveTableModel(this)),
      libraries_(new LibraryTableModel(this)), driveProxy_(new QSortFilterProxyModel(this)),
      libraryProxy_(new QSortFilterProxyModel(this)), status_(new QLabel(this)),
      timer_(new QTimer(this)) {
    driveProxy_->setSourceModel(drives_);
    driveProxy_->setSortRole(DriveTableModel::SortRole);
    libraryProxy_->setSourceModel(libraries_);
    libraryProxy_->setSortRole(LibraryTableModel::SortRole);
    driveView_ = makeTable(driveProxy_, tr("Drives"), this);
    libraryView_ = makeTable(libraryProxy_, tr("Libraries"), this);
    QSettings settings;
    // Without a remembered layout, the columns fit their contents once the first data is in.
    const bool drivesRestored =
        driveView_->horizontalHeader()->restoreState(settings.value(kDrivesHeader()).toByteArray());
    const bool librariesRestored = libraryView_->horizontalHeader()->restoreState(
        settings.value(kLibrariesHeader()).toByteArray());
    fitColumns_ = !drivesRestored || !librariesRestored;

    auto* add = addPageAction(this, tr("&Add…"), QKeySequence(Qt::CTRL | Qt::Key_N),
                              tr("Add a drive or a library (Ctrl+N)"));
    auto* remove = addPageAction(this, tr("&Remove"), QKeySequence::Delete,
                                 tr("Remove the selected drive or library (Del)"));
    auto* reload = addPageAction(this, tr("Re&fresh"), QKeySequence::Refresh,
                                 tr("Read the devices again (F5)"));
    // No Edit: a configured device cannot be changed (remove it and add it again, docs).
    auto* bar = actionButtonBar(this, {add, remove, reload});
    connect(add, &QAction::triggered, this, &DevicesPage::openAddDialog);
    connect(remove, &QAction::triggered, this, &DevicesPage::removeSelected);
    connect(reload, &QAction::triggered, this, &DevicesPage::refresh);

    status_->setWordWrap(true);
    status_->setAccessibleName(tr("Devices status"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* drivesBox = new QGroupBox(tr("Drives"), this);
    (new QVBoxLayout(drivesBox))->addWidget(driveView_);
    auto* librariesBox = new QGroupBox(tr("Libraries"), this);
    (new QVBoxLayout(librariesBox))->addWidget(libraryView_);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(drivesBox);
    split->addWidget(librariesBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* box = new QVBoxLayout(this);
    box->addLayout(bar);
    box->addWidget(status_);
    box->addWidget(split, 1);

    // Remove acts on the table whose row was chosen last.
    for (auto* v : {driveView_, libraryView_})
        connect(v->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                [this, v] { lastFocused_ = v; });
    confirm_ = [this](const QString& question) {
        return QMessageBox::question(this, tr("Devices"), question) == QMessageBox::Yes;
    };
    timer_->setInterval(2000);
    connect(timer_, &QTimer::timeout, this, &DevicesPage::refresh);
}

DevicesPage::~DevicesPage() {
    QSettings settings;
    settings.setValue(kDrivesHeader(), driveView_->horizontalHeader()->saveState());
    settings.setValue(kLibrariesHeader(), libraryView_->horizontalHeader()->saveState());
}

void DevicesPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
    timer_->start();
}

void DevicesPage::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    timer_->stop();
}

QString DevicesPage::status() const {
    return status_->text();
}

void DevicesPage::refresh() {
    if (reading_) return;
    reading_ = true;
    runBackgroundRead(&board_, this, [this, door = door_]() -> GuiContinuation {
        DeviceSnapshot snapshot = readDevices(door); // values only
        return [this, snapshot] { apply(snapshot); };
    });
}

void DevicesPage::apply(const DeviceSnapshot& snapshot) {
    reading_ = false;
    if (!snapshot.error.isEmpty()) {
        report(tr("Cannot read the devices: %1").arg(snapshot.error), true);
    } else {
        // Keep the selection across the reset.
        const QString drive = selectedName(driveView_, DriveTableModel::NameRole);
        const QString lib = selectedName(libraryView_, LibraryTableModel::NameRole);
        drives_->setDrives(snapshot.drives);
        libraries_->setLibraries(snapshot.libraries);
        if (int r = drives_->rowOf(drive); r >= 0)
            driveView_->selectRow(driveProxy_->mapFromSource(drives_->index(r, 0)).row());
        if (int r = libraries_->rowOf(lib); r >= 0)
            libraryView_->selectRow(libraryProxy_->mapFromSource(libraries_->index(r, 0)).row());
        QStringList cleaning;
        for (const auto& d : snapshot.drives)
            if (d.cleaningRequested) cleaning << d.name;
        Q_EMIT drivesNeedingCleaning(cleaning);
        if (fitColumns_ && !snapshot.drives.isEmpty()) {
            fitColumns_ = false;
            driveView_->resizeColumnsToContents();
            libraryView_->resizeColumnsToContents();
        }
        widenColumnsToContents(driveView_); // longer values later are not cut either
        widenColumnsToContents(libraryView_);
    }
    Q_EMIT refreshed();
}

QStringList DevicesPage::takenNames() const {
    QStringList names;
    for (const auto& d : drives_->drives())
        names << d.name;
    for (const auto& l : libraries_->libraries())
        names << l.name;
    return names;
}

bool DevicesPage::addDevice(const DeviceSpec& spec) {
    if (const QString why = deviceSpecProblem(spec, takenNames()); !why.isEmpty()) {
        report(tr("Not added: %1").arg(why), true);
        return false;
    }
    const QString label = spec.name.isEmpty() ? tr("the new library") : spec.name;
    log::get("ui")->info("devices page: adding {}", label.toStdString());
    return run(tr("Adding %1").arg(label),
               throughService(door_, "device add " + label.toStdString(), addCall(spec)),
               tr("%1 added.").arg(label));
}

bool DevicesPage::removeDrive(const QString& name) {
    const int row = drives_->rowOf(name);
    if (row < 0) {
        report(tr("Drive %1 is not configured.").arg(name), true);
        return false;
    }
    const auto& d = drives_->drives()[row];
    if (!d.library.isEmpty()) {
        report(
            tr("Drive %1 belongs to library %2; remove the library instead.").arg(name, d.library),
            true);
        return false;
    }
    if (!confirm_(tr("Remove drive %1 from the configuration?").arg(name))) return false;
    return run(
        tr("Removing drive %1").arg(name),
        throughService(door_, "drive remove " + name.toStdString(),
                       [n = name.toStdString()](client::Api& api) { return api.remove_drive(n); }),
        tr("Drive %1 removed.").arg(name), TaskKind::Exclusive);
}

bool DevicesPage::removeLibrary(const QString& name) {
    if (libraries_->rowOf(name) < 0) {
        report(tr("Library %1 is not configured.").arg(name), true);
        return false;
    }
    if (!confirm_(tr("Remove library %1 and its drives from the configuration? Its cartridge "
                     "files stay in the data directory.")
                      .arg(name)))
        return false;
    return run(tr("Removing library %1").arg(name),
               throughService(
                   door_, "library remove " + name.toStdString(),
                   [n = name.toStdString()](client::Api& api) { return api.remove_library(n); }),
               tr("Library %1 removed.").arg(name), TaskKind::Exclusive);
}

bool DevicesPage::run(const QString& what, std::function<QString()> work, const QString& doneText,
                      TaskKind kind) {
    QString whyNot;
    QPointer<DevicesPage> guard(this);
    const bool started = runEngineTask(
        board_, this, {what, kind}, std::move(work),
        [guard, doneText](const QString& error) {
            if (!guard) return;
            guard->report(error.isEmpty() ? doneText : error, !error.isEmpty());
            guard->refresh();
            Q_EMIT guard->actionFinished(error);
        },
        &whyNot);
    if (!started)
        report(tr("Not now: %1").arg(whyNot), true);
    else
        report(tr("%1…").arg(what), false);
    return started;
}

void DevicesPage::openAddDialog() {
    DeviceAddDialog dialog(takenNames(), this);
    if (dialog.exec() == QDialog::Accepted) addDevice(dialog.spec());
}

void DevicesPage::removeSelected() {
    QTableView* view = lastFocused_ ? lastFocused_ : driveView_;
    const bool drives = view == driveView_;
    const QString name =
        selectedName(view, drives ? DriveTableModel::NameRole : LibraryTableModel::NameRole);
    if (name.isEmpty()) {
        report(tr("Select a drive or a library first."), true);
        return;
    }
    drives ? removeDrive(name) : removeLibrary(name);
}

void DevicesPage::report(const QString& message, bool problem) {
    if (problem) log::get("ui")->warn("devices page: {}", message.toStdString());
    status_->setText(message);
}

} // namespace tl::ui
