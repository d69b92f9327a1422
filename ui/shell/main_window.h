#pragma once
// The console's main window: a navigation list of pages on the left, the current page on the
// right, a status bar, and the About dialog. Pages exist only for features the engine has.
// Window geometry and the current page are remembered (QSettings).
#include <QMainWindow>
#include <memory>

class QListWidget;
class QStackedWidget;
class QLabel;

namespace tl {
class Engine;
}

namespace tl::ui {

class DashboardPage;
class LogPage;
class SystemPoller;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    // `engine` is owned by the caller and outlives the window.
    explicit MainWindow(Engine& engine, QWidget* parent = nullptr);
    ~MainWindow() override;

    DashboardPage* dashboardPage() const { return dashboard_; }
    LogPage* logPage() const { return logPage_; }
    QListWidget* navigation() const { return nav_; }
    // Switches to the page whose object name is `name` ("dashboard", "log").
    bool showPage(const QString& name);

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void addPage(QWidget* page, const QString& name, const QString& title,
                 int icon); // icon: QStyle::StandardPixmap
    void showAbout();

    Engine& engine_;
    SystemPoller* poller_;
    QListWidget* nav_;
    QStackedWidget* stack_;
    DashboardPage* dashboard_;
    LogPage* logPage_;
    QLabel* statusHome_;
};

} // namespace tl::ui
