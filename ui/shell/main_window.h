#pragma once
// The console's main window: a navigation list of pages on the left, the current page on the
// right, a status bar, and the About dialog. Every page reads and changes through the typed door
// of one service (ConsoleContext): a local data directory's or a remote one, the same path.
// Window geometry and the current page are remembered (QSettings).
#include <QMainWindow>
#include <functional>
#include <memory>

#include "bridge/console_context.h"
#include "job/backup_job.h"

class QListWidget;
class QStackedWidget;
class QLabel;

namespace tl::ui {

class BackupRunner;
class TaskBoard;
class DashboardPage;
class ClientsPage;
class DevicesPage;
class JobsPage;
class LibraryPage;
class MediaPage;
class NotificationList;
class OperatorRequests;
class SettingsPage;
class LiveFeed;
class LogPage;
class ReportsPage;
class RestorePage;
class ServiceConnection;
class SystemPoller;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    // The window on the service `ctx` names (its data directory's, or a remote one); the clock
    // outlives the window.
    explicit MainWindow(const ConsoleContext& ctx, QWidget* parent = nullptr);
    ~MainWindow() override;

    DashboardPage* dashboardPage() const { return dashboard_; }
    LogPage* logPage() const { return logPage_; }
    ReportsPage* reportsPage() const { return reports_; }
    RestorePage* restorePage() const { return restore_; }
    JobsPage* jobsPage() const { return jobs_; }
    MediaPage* mediaPage() const { return media_; }
    LibraryPage* libraryPage() const { return library_; }
    DevicesPage* devicesPage() const { return devices_; }
    ClientsPage* clientsPage() const { return clients_; }
    SettingsPage* settingsPage() const { return settings_; }
    OperatorRequests* operatorRequests() const { return requests_; }
    NotificationList* notifications() const { return notifications_; }
    // Shows job `jobId` in the Reports page (from the Jobs and Media pages).
    void openReport(qint64 jobId);
    QListWidget* navigation() const { return nav_; }
    // Switches to the page whose object name is `name` ("dashboard", "log").
    bool showPage(const QString& name);
    BackupRunner* backupRunner() const { return runner_; }
    LiveFeed* liveFeed() const { return feed_; }
    // The console's running tasks: backups, restores, labelings… side by side.
    TaskBoard* board() const { return board_; }
    // Opens the "Back up now" dialog and starts the backup it describes.
    void backUpNow();
    // Starts a backup without the dialog (command line, tests): submitted to the service's queue.
    // False when one is running.
    bool startBackup(const job::BackupOptions& options);
    // The service whose data directory this console shows read-only (docs/console.md "Beside
    // the service").
    ServiceConnection* service() const { return service_; }
    QLabel* serviceStatus() const { return statusService_; }

    // Closing the window (Ctrl+Q) while engine jobs run asks first: cancel them all (each ends
    // "cancelled") and quit, quit when they have ended, or stay. `running` names them all;
    // `cancellable` is false when none can be stopped (a labeling): then only waiting or
    // staying are offered; work that cannot stop is waited for after the others are cancelled.
    enum class QuitChoice { CancelJobAndQuit, QuitWhenEnded, Stay };
    using QuitQuestion = std::function<QuitChoice(const QString& running, bool cancellable)>;
    // Replaces the question box (tests answer it).
    void setQuitQuestion(QuitQuestion ask) { quitQuestion_ = std::move(ask); }

Q_SIGNALS:
    void backupStarted();

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void addPage(QWidget* page, const QString& name, const QString& title,
                 int icon); // icon: QStyle::StandardPixmap
    void showAbout();
    void buildNotifications();
    bool mayQuit();
    QuitChoice askQuit(const QString& running, bool cancellable);
    void connectService();
    void showServiceEvent(const QString& type, const QByteArray& data);

    ConsoleContext ctx_; // what the pages are given: the typed door and the clock
    TaskBoard* board_;
    SystemPoller* poller_;
    LiveFeed* feed_;
    RestorePage* restore_ = nullptr;
    BackupRunner* runner_;
    QListWidget* nav_;
    QStackedWidget* stack_;
    DashboardPage* dashboard_;
    LogPage* logPage_;
    ReportsPage* reports_;
    JobsPage* jobs_ = nullptr;
    MediaPage* media_ = nullptr;
    LibraryPage* library_ = nullptr;
    DevicesPage* devices_ = nullptr;
    ClientsPage* clients_ = nullptr;
    SettingsPage* settings_ = nullptr;
    OperatorRequests* requests_ = nullptr;
    NotificationList* notifications_ = nullptr;
    QLabel* statusHome_;
    QLabel* statusTasks_; // "Running: 2 jobs — …"
    ServiceConnection* service_ = nullptr;
    QLabel* statusService_ = nullptr; // "Service pid 1234 (API 1)"
    QuitQuestion quitQuestion_;
    bool quitWhenFree_ = false;
};

} // namespace tl::ui
