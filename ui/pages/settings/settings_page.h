#pragma once
// The Settings page (issue #7): the data directory (the one in use, and another one to use at
// the next start, stored as "app/home" and honoured by app/gui/main.cpp when neither --home nor
// TAPELOOM_HOME is given), the poll interval of the live views ("ui/pollIntervalMs", applied at
// once through pollIntervalChanged), the units of sizes and rates ("ui/units", see
// widgets/units_format.h), the language ("ui/language": "" = the system's, "en", "de"; read by
// app/gui/main.cpp, so it applies at the next start), the defaults for new jobs
// (JobDefaultsBox) and the theme, which follows the system. Every change is stored at once in
// QSettings; a refused value is named in the page's status line and not stored. The pools the
// defaults offer are read through the typed door of the service the console shows (GET
// /v1/pools) on a worker thread; the page holds no Engine
// (ConsoleContext), so a remote console shows it the same. GUI thread only.
#include "bridge/console_context.h"
#include <QString>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

#include "bridge/typed_door.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tl::ui {

class TaskBoard;
class JobDefaultsBox;
class MessageLine;

class SettingsPage final : public QWidget {
    Q_OBJECT
public:
    // `ctx` names the data directory in use and the service the pools are read from; `board` is
    // unused today (the page writes no engine state) and taken for the common page signature.
    SettingsPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent = nullptr);

    // The folder chooser behind "Choose…" (tests answer it without a dialog); returns "" when
    // cancelled.
    void setFolderChooser(std::function<QString(const QString& start)> chooser) {
        chooser_ = std::move(chooser);
    }

    // Each returns false, showing why in the status line, when the value is refused.
    // "" = use the default data directory again at the next start.
    bool setNextDataDirectory(const QString& dir);
    bool setPollInterval(int ms);
    bool setUnits(const QString& key);     // "si" or "iec"
    bool setLanguage(const QString& code); // "" (the system's), "en" or "de"
    // The language the console is translated to at start: "ui/language", else the system's.
    static QString startLanguage();
    // Reads the service's pools into the defaults on a worker thread (also done when the page
    // is shown).
    void refreshPools();

    // Why `dir` cannot be a data directory ("" when it can): it must be an absolute path to a
    // writable folder, or one that can be created.
    static QString dataDirectoryProblem(const QString& dir);
    static constexpr int kMinPollMs = 100, kMaxPollMs = 60000;

    QString status() const;
    QLineEdit* nextDataDirectory() const { return nextHome_; }
    QSpinBox* pollInterval() const { return poll_; }
    QComboBox* units() const { return units_; }
    QComboBox* language() const { return language_; }
    // What the chosen next data directory is (a catalog, or a new one to be made).
    QString nextDataDirectoryNote() const;
    JobDefaultsBox* jobDefaults() const { return defaults_; }

Q_SIGNALS:
    // The poll interval changed (the main window connects it to SystemPoller and LiveFeed).
    void pollIntervalChanged(int ms);
    void unitsChanged(const QString& key);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void report(const QString& message, bool problem);
    void describeTheme();
    void describeNextHome(const QString& dir);

    void applyPools(const Result<std::vector<client::Pool>>& pools);
    TaskBoard& board_;
    DoorAddress door_;
    QLineEdit* nextHome_;
    QSpinBox* poll_;
    QComboBox* units_;
    QComboBox* language_;
    MessageLine* nextNote_;
    JobDefaultsBox* defaults_;
    QLabel* theme_;
    QLabel* status_;
    std::function<QString(const QString&)> chooser_;
};

} // namespace tl::ui
