#include "shell/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPixmap>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>

#include "bridge/backup_runner.h"
#include "bridge/live_feed.h"
#include "bridge/operator_requests.h"
#include "bridge/restore_runner.h"
#include "bridge/service_connection.h"
#include "bridge/system_poller.h"
#include "bridge/task_board.h"
#include "bridge/typed_door.h"
#include "common/log.h"
#include "common/version.h"
#include "dialogs/backup_dialog.h"
#include "models/log_model.h"
#include "pages/clients/clients_page.h"
#include "pages/dashboard/dashboard_page.h"
#include "pages/devices/devices_page.h"
#include "pages/jobs/jobs_page.h"
#include "pages/library/library_page.h"
#include "pages/log/log_page.h"
#include "pages/media/media_page.h"
#include "pages/reports/job_reports_view.h"
#include "pages/reports/reports_page.h"
#include "pages/restore/restore_page.h"
#include "pages/settings/settings_page.h"
#include "shell/console_door.h"
#include "widgets/layout_settings.h"
#include "widgets/notification_list.h"

namespace tl::ui {

MainWindow::MainWindow(const ConsoleContext& ctx, QWidget* parent)
    : QMainWindow(parent), ctx_(ctx), board_(new TaskBoard(this)),
      poller_(new SystemPoller(ctx_.door, this)), feed_(new LiveFeed(ctx_.door, 500, this)),
      runner_(new BackupRunner(ctx_.door, this)), nav_(new QListWidget(this)),
      stack_(new QStackedWidget(this)), statusHome_(new QLabel(this)),
      statusTasks_(new QLabel(this)) {
    runner_->setBoard(board_);
    setWindowTitle(tr("Tapeloom"));
    const QString home = QString::fromStdString(ctx_.home());
    // Before the pages restore their layout: one per data directory, or per remote service.
    setLayoutDataDirectory(ctx_.door.isRemote() ? QString::fromStdString(ctx_.door.remote.url)
                                                : home);

    nav_->setAccessibleName(tr("Pages"));
    nav_->setIconSize(QSize(24, 24));
    nav_->setMaximumWidth(200);
    auto* splitter = new QSplitter(this);
    splitter->addWidget(nav_);
    splitter->addWidget(stack_);
    splitter->setStretchFactor(1, 1);
    splitter->setCollapsible(0, false);
    splitter->setSizes({nav_->maximumWidth(), 4 * nav_->maximumWidth()}); // no gap beside the list
    setCentralWidget(splitter);

    dashboard_ = new DashboardPage(poller_, feed_, doorTitle(ctx_.door), this);
    auto* logModel = new LogModel(log::ring(), ctx_.door, this);
    logPage_ = new LogPage(logModel, this);
    reports_ = new ReportsPage(
        ctx_.door, QCoreApplication::applicationDirPath() + QStringLiteral("/tapeloom-cli"), this);
    addPage(dashboard_, QStringLiteral("dashboard"), tr("Dashboard"), QStyle::SP_ComputerIcon);
    jobs_ = new JobsPage(ctx_, *board_, this);
    addPage(jobs_, QStringLiteral("jobs"), tr("Jobs"), QStyle::SP_FileDialogListView);
    connect(jobs_, &JobsPage::openReport, this, &MainWindow::openReport);
    connect(jobs_, &JobsPage::jobStarted, this, [this](const QString& name) {
        statusBar()->showMessage(tr("Job %1 started; follow it on the Dashboard").arg(name));
        showPage(QStringLiteral("dashboard"));
    });
    connect(jobs_, &JobsPage::jobFinished, this, [this](qint64 id, const QString& status) {
        statusBar()->showMessage(tr("Backup job %1 ended: %2").arg(id).arg(status));
    });
    restore_ = new RestorePage(ctx_, this);
    restore_->runner()->setBoard(board_); // beside the other jobs
    addPage(restore_, QStringLiteral("restore"), tr("Restore"), QStyle::SP_DialogSaveButton);
    media_ = new MediaPage(ctx_, *board_, this);
    addPage(media_, QStringLiteral("media"), tr("Media"), QStyle::SP_DriveCDIcon);
    library_ = new LibraryPage(ctx_, *board_, this);
    addPage(library_, QStringLiteral("library"), tr("Library"), QStyle::SP_DirHomeIcon);
    addPage(reports_, QStringLiteral("reports"), tr("Reports"), QStyle::SP_FileDialogInfoView);
    devices_ = new DevicesPage(ctx_, *board_, this);
    addPage(devices_, QStringLiteral("devices"), tr("Devices"), QStyle::SP_DriveHDIcon);
    clients_ = new ClientsPage(ctx_, *board_, this);
    addPage(clients_, QStringLiteral("clients"), tr("Clients"), QStyle::SP_DriveNetIcon);
    addPage(logPage_, QStringLiteral("log"), tr("Log"), QStyle::SP_FileDialogDetailedView);
    settings_ = new SettingsPage(ctx_, *board_, this);
    addPage(settings_, QStringLiteral("settings"), tr("Settings"),
            QStyle::SP_FileDialogContentsView);
    connect(media_, &MediaPage::openReport, this, &MainWindow::openReport);
    if (const QVariant ms = QSettings().value(QStringLiteral("ui/pollIntervalMs")); ms.isValid()) {
        poller_->setInterval(ms.toInt()); // the Settings page's choice from an earlier session
        feed_->setInterval(ms.toInt());
    }
    connect(settings_, &SettingsPage::pollIntervalChanged, this, [this](int ms) {
        poller_->setInterval(ms);
        feed_->setInterval(ms);
        if (requests_) requests_->setInterval(ms);
    });
    buildNotifications();
    connect(nav_, &QListWidget::currentRowChanged, stack_, &QStackedWidget::setCurrentIndex);

    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    auto* backup = fileMenu->addAction(tr("&Back up now…"), this, &MainWindow::backUpNow);
    backup->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    auto* cancel =
        fileMenu->addAction(tr("&Cancel the running backup"), this, [this] { runner_->cancel(); });
    cancel->setEnabled(false);
    fileMenu->addSeparator();
    connect(runner_, &BackupRunner::finished, this,
            [this, backup, cancel](qint64 id, const QString& status, const QString& message) {
                backup->setEnabled(true);
                cancel->setEnabled(false);
                const QString text = id ? tr("Backup job %1 ended: %2").arg(id).arg(status)
                                        : tr("The backup could not start: %1").arg(message);
                statusBar()->showMessage(
                    message.isEmpty() || !id ? text : text + QStringLiteral(" — ") + message);
            });
    connect(runner_, &BackupRunner::levelPromoted, this, [this](qint64 id, const QString& note) {
        statusBar()->showMessage(tr("Backup job %1 runs as a full backup: %2").arg(id).arg(note));
    });
    connect(this, &MainWindow::backupStarted, this, [backup, cancel] {
        backup->setEnabled(false);
        cancel->setEnabled(true);
    });
    auto* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    auto* viewMenu = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < nav_->count(); ++i) {
        auto* a =
            viewMenu->addAction(nav_->item(i)->text(), this, [this, i] { nav_->setCurrentRow(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
    }
    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Tapeloom"), this, &MainWindow::showAbout);

    statusHome_->setText(doorTitle(ctx_.door));
    statusBar()->addPermanentWidget(statusTasks_);
    statusBar()->addPermanentWidget(statusHome_);
    statusTasks_->setAccessibleName(tr("Engine activity"));
    connect(board_, &TaskBoard::changed, this,
            [this](int, const QString& line) { statusTasks_->setText(line); });
    connectService();
    connect(poller_, &SystemPoller::failed, this, [this](const QString& msg) {
        statusBar()->showMessage(tr("Monitoring error: %1").arg(msg));
    });

    QSettings settings;
    if (!restoreGeometry(
            settings.value(layoutKey(QStringLiteral("window/geometry"))).toByteArray()))
        resize(1280, 900);
    restoreState(settings.value(layoutKey(QStringLiteral("window/state"))).toByteArray());
    nav_->setCurrentRow(qBound(
        0, settings.value(layoutKey(QStringLiteral("window/page")), 0).toInt(), nav_->count() - 1));
    log::get("ui")->info("console window opened on {}", doorTitle(ctx_.door).toStdString());
}

MainWindow::~MainWindow() {
    runner_->cancel();
    restore_->runner()->cancel();
    // Page tasks run on detached threads that call back into this window: wait for them.
    board_->cancelAll(); // a labeling cannot stop: the window waits for it
    if (!board_->waitUntilIdle(120000))
        log::get("ui")->error("closing while '{}' still runs", board_->summary().toStdString());
    if (!board_->waitReadsDone(60000)) log::get("ui")->error("closing while a page still reads");
}

void MainWindow::backUpNow() {
    // The service's drives, pools and clients are read as the dialog opens, off this thread.
    BackupDialog dialog(1, {}, this);
    dialog.readChoices(ctx_.door);
    if (dialog.exec() != QDialog::Accepted) return;
    startBackup(dialog.options());
}

bool MainWindow::startBackup(const job::BackupOptions& options) {
    QString error;
    if (!runner_->start(options, &error)) {
        statusBar()->showMessage(error);
        return false;
    }
    Q_EMIT backupStarted();
    statusBar()->showMessage(tr("Backup started; follow it on the Dashboard"));
    showPage(QStringLiteral("dashboard"));
    return true;
}

void MainWindow::buildNotifications() {
    requests_ = new OperatorRequests(ctx_, this);
    requests_->setGate(board_);
    notifications_ = new NotificationList(requests_, this);
    auto* dock = new QDockWidget(tr("Operator requests"), this);
    dock->setObjectName(QStringLiteral("operatorRequests"));
    dock->setWidget(notifications_);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    connect(notifications_, &NotificationList::openPage, this,
            [this](const QString& page) { showPage(page); });
    connect(notifications_, &NotificationList::countChanged, dock, [dock](int n) {
        dock->setWindowTitle(n ? tr("Operator requests (%1)").arg(n) : tr("Operator requests"));
    });
    connect(restore_->runner(), &RestoreRunner::planned, requests_,
            [this](const RestorePlanSummary& p) { requests_->setRestoreMissing(p.missing); });
    connect(restore_, &RestorePage::finished, requests_,
            [this](const RestoreSummary& r) { requests_->setRestoreMissing(r.missingVolumes); });
    connect(restore_, &RestorePage::outcomeCleared, requests_,
            [this] { requests_->setRestoreMissing({}); });
    connect(devices_, &DevicesPage::drivesNeedingCleaning, requests_,
            &OperatorRequests::setDrivesNeedingCleaning);
    connect(requests_, &OperatorRequests::failed, this, [this](const QString& message) {
        statusBar()->showMessage(tr("Operator requests: %1").arg(message));
    });
    requests_->start(QSettings().value(QStringLiteral("ui/pollIntervalMs"), 2000).toInt());
}

void MainWindow::openReport(qint64 jobId) {
    showPage(QStringLiteral("reports"));
    reports_->jobs()->showJob(jobId);
}

void MainWindow::addPage(QWidget* page, const QString& name, const QString& title, int icon) {
    page->setObjectName(name);
    stack_->addWidget(page);
    // The style's icons come in different sizes (16 px for some, 32 for others); each drawn at
    // the list's icon size, so the sidebar's icons are even.
    const QSize size = nav_->iconSize();
    const qreal ratio = devicePixelRatioF();
    QPixmap pixmap = style()
                         ->standardIcon(static_cast<QStyle::StandardPixmap>(icon))
                         .pixmap(size, ratio)
                         .scaled(size * ratio, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    pixmap.setDevicePixelRatio(ratio);
    auto* item = new QListWidgetItem(QIcon(pixmap), title, nav_);
    item->setData(Qt::UserRole, name);
}

bool MainWindow::showPage(const QString& name) {
    for (int i = 0; i < nav_->count(); ++i)
        if (nav_->item(i)->data(Qt::UserRole).toString() == name) {
            nav_->setCurrentRow(i);
            return true;
        }
    return false;
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About Tapeloom"),
                       tr("<h3>Tapeloom %1</h3><p>A backup console for tape libraries: multiplexed "
                          "backup of many disk sources, a catalog of every file, restores in a few "
                          "clicks.</p><p>%2</p><p>Built with Qt %3.</p>")
                           .arg(QString::fromLatin1(engine_version()), doorTitle(ctx_.door),
                                QString::fromLatin1(qVersion())));
}

bool MainWindow::mayQuit() {
    if (!board_->busy()) return true;
    const QString running = board_->summary();
    bool cancellable = false; // at least one of them can be stopped
    for (const auto& t : board_->tasks())
        cancellable = cancellable || t.cancellable;
    const QuitChoice choice =
        quitQuestion_ ? quitQuestion_(running, cancellable) : askQuit(running, cancellable);
    if (choice == QuitChoice::CancelJobAndQuit && board_->cancelAll() > 0) {
        log::get("ui")->info("console closed: '{}' cancelled", running.toStdString());
        return true; // the destructor waits until every task has stopped
    }
    if (choice == QuitChoice::QuitWhenEnded && !quitWhenFree_) {
        quitWhenFree_ = true;
        statusBar()->showMessage(board_->count() > 1
                                     ? tr("The console quits when %1 have ended.").arg(running)
                                     : tr("The console quits when %1 has ended.").arg(running));
        board_->whenIdle(this, [this] {
            if (quitWhenFree_) close();
        });
    }
    if (choice == QuitChoice::Stay) quitWhenFree_ = false; // the user changed their mind
    return false;
}

MainWindow::QuitChoice MainWindow::askQuit(const QString& running, bool cancellable) {
    QMessageBox box(QMessageBox::Question, tr("Quit Tapeloom"), QString(), QMessageBox::NoButton,
                    this);
    const int n = board_->count();
    const bool all = board_->allCancellable();
    box.setText(n > 1 ? tr("%1 jobs are running: %2.").arg(n).arg(running)
                      : tr("%1 is running.").arg(running));
    if (n <= 1)
        box.setInformativeText(
            cancellable ? tr("Quitting now cancels it: the job ends as “cancelled” and what it "
                             "had not written yet is not backed up or restored. Or let it finish: "
                             "the console quits when it has ended.")
                        : tr("It cannot be stopped halfway. The console can quit when it has "
                             "ended."));
    else
        box.setInformativeText(
            !cancellable ? tr("They cannot be stopped halfway. The console can quit when they "
                              "have all ended.")
            : all ? tr("Quitting now cancels them all: each ends as “cancelled” and what it had "
                       "not written yet is not backed up or restored. Or let them finish: the "
                       "console quits when they have all ended.")
                  : tr("Quitting now cancels those that can be stopped (they end as "
                       "“cancelled”) and waits for the others to end. Or let them all finish: "
                       "the console quits when they have all ended."));
    QPushButton* cancelJob = cancellable ? box.addButton(n > 1 ? tr("Cancel the jobs and quit")
                                                               : tr("Cancel the job and quit"),
                                                         QMessageBox::DestructiveRole)
                                         : nullptr;
    QPushButton* wait =
        box.addButton(n > 1 ? tr("Quit when they have ended") : tr("Quit when it has ended"),
                      QMessageBox::AcceptRole);
    QPushButton* stay = box.addButton(tr("Keep the console open"), QMessageBox::RejectRole);
    box.setDefaultButton(stay);
    box.setEscapeButton(stay);
    box.exec();
    if (cancelJob && box.clickedButton() == cancelJob) return QuitChoice::CancelJobAndQuit;
    return box.clickedButton() == wait ? QuitChoice::QuitWhenEnded : QuitChoice::Stay;
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!mayQuit()) {
        e->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(layoutKey(QStringLiteral("window/geometry")), saveGeometry());
    settings.setValue(layoutKey(QStringLiteral("window/state")), saveState());
    settings.setValue(layoutKey(QStringLiteral("window/page")), nav_->currentRow());
    QMainWindow::closeEvent(e);
}

void MainWindow::connectService() {
    service_ = new ServiceConnection(ctx_.door, this);
    statusService_ = new QLabel(service_->summary(), this);
    statusService_->setAccessibleName(tr("Service connection"));
    statusBar()->insertPermanentWidget(0, statusService_);
    connect(service_, &ServiceConnection::stateChanged, this,
            [this](ServiceConnection::State, const QString& summary) {
                statusService_->setText(summary);
            });
    connect(service_, &ServiceConnection::jobEvent, this, &MainWindow::showServiceEvent);
    statusBar()->showMessage(ctx_.door.isRemote()
                                 ? tr("The console reads the service at %1 and sends backups, "
                                      "restores and every change to it")
                                       .arg(QString::fromStdString(ctx_.door.remote.url))
                                 : tr("The service holds this data directory: the console reads "
                                      "it and sends backups, restores and every change to the "
                                      "service"),
                             15000);
}

void MainWindow::showServiceEvent(const QString& type, const QByteArray& data) {
    const QJsonObject e = QJsonDocument::fromJson(data).object();
    if (type == QLatin1String("started")) {
        statusBar()->showMessage(
            tr("The service started %1").arg(e.value(QLatin1String("definition")).toString()));
    } else if (type == QLatin1String("waiting")) {
        statusBar()->showMessage(tr("Job %1 waits: %2")
                                     .arg(e.value(QLatin1String("job")).toInteger())
                                     .arg(e.value(QLatin1String("reason")).toString()));
    } else if (type == QLatin1String("ended")) {
        // The end of this console's Back up now is said by its runner, with its notes.
        if (e.value(QLatin1String("job")).toInteger() != runner_->jobId())
            statusBar()->showMessage(tr("Job %1 ended in the service: %2")
                                         .arg(e.value(QLatin1String("job")).toInteger())
                                         .arg(e.value(QLatin1String("status")).toString()));
        if (jobs_) jobs_->refresh();
    }
}

} // namespace tl::ui
