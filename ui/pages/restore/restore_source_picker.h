#pragma once
// What to restore from, as `tapeloom-cli restore --job ID` or `--source S --at TIME`: a backup
// job (newest first) or a backed-up source and a point in time. The time follows "now" (it is
// read again at each choice and refresh) until the user picks one; Now goes back to following.
// A client's history: the Client box keeps the jobs and sources of one client (issue 41;
// docs/agent.md), of this machine, or all; a job of clients names them.
// The lists come from the service through the console's typed door (GET /v1/jobs,
// /v1/savesets, /v1/clients), read on a worker thread: refresh() returns at once and
// refreshed() tells when they are in, or why not (logged once). GUI thread only.
#include <QStringList>
#include <QWidget>
#include <vector>

#include "bridge/typed_door.h"

class QComboBox;
class QDateTime;
class QDateTimeEdit;
class QPushButton;
class QRadioButton;

namespace tl::ui {

class RestoreSourcePicker final : public QWidget {
    Q_OBJECT
public:
    explicit RestoreSourcePicker(DoorAddress door, QWidget* parent = nullptr);

    // Asks the service for the jobs and sources again; refreshed() once they are in.
    void refresh();
    // True while a refresh() is under way.
    bool isRefreshing() const { return refreshing_ > 0; }
    int jobCount() const;
    // Keeps the jobs and sources of client `name` ("" = this machine's, "*" = all); false when
    // no such client is listed.
    bool chooseClient(const QString& name);
    QString client() const;
    QComboBox* clientBox() const { return clients_; }
    // The clients added to this data directory (by name), as of the last refresh.
    QStringList addedClients() const { return added_; }
    // Selects job `id` (true when listed) or a source and time, then emits chosen().
    bool chooseJob(qint64 id);
    void chooseSource(const QString& source, qint64 at = 0);
    // Emits chosen() for what the controls show now.
    void choose();
    // True while the point in time follows the clock (no time picked by the user).
    bool followsNow() const { return followNow_; }
    QDateTimeEdit* timeEdit() const { return at_; }
    QPushButton* showButton() const { return show_; }
    QRadioButton* bySourceButton() const { return bySource_; }
    QComboBox* sourceBox() const { return sources_; }

Q_SIGNALS:
    // jobId 0: `source` as of `at` (unix seconds, 0 = now).
    void chosen(qint64 jobId, const QString& source, qint64 at);
    // The lists are in (`error` empty), or could not be read (`error` says why; the lists stay
    // as they were).
    void refreshed(const QString& error);

private:
    struct Job {
        qint64 id = 0;
        QString text;
        QStringList clients; // of its save sets
        bool local = false;  // it read this machine's sources too
    };
    struct Lists; // what a refresh read
    void showLists(const Lists& lists);
    // Refills the job and source boxes with what the Client box keeps.
    void applyClient();
    void refreshClients(const QStringList& names);

    DoorAddress door_;
    int refreshing_ = 0;
    std::vector<Job> allJobs_;
    QStringList allSources_;
    QStringList added_;
    QRadioButton* byJob_;
    QRadioButton* bySource_;
    QComboBox* jobs_;
    QComboBox* sources_;
    QDateTimeEdit* at_;
    QPushButton* now_;
    QPushButton* show_;
    void setTimeQuietly(const QDateTime& t); // not a user's pick
    bool followNow_ = true;
    bool settingTime_ = false;
    QComboBox* clients_;
};

} // namespace tl::ui
