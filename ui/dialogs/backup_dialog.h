#pragma once
// "Back up now": the sources (folders, raw:/dev/x, cmd:..., sqlite:/db — as `tapeloom-cli
// backup --source` takes them), the level (full, differential, incremental), drives, sessions
// per drive, the pool (one of the catalog's), compression and a name, for a one-off backup from
// the console. Enter in the source field adds the source; OK stays disabled until there is one.
// A client (docs/agent.md) chosen in *Client* makes each source added an absolute path on that
// client, sent as `client:NAME:PATH`; the folder browser is this machine's only. The pools and
// clients to choose from are read from the console's service through its typed door
// (readChoices(): GET /v1/pools and /v1/clients, on a worker thread).
#include <QDialog>

#include "bridge/typed_door.h"
#include "job/backup_job.h"

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPushButton;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace tl::ui {

class BackupDialog final : public QDialog {
    Q_OBJECT
public:
    // `drives`: drives of the library (upper bound of the drive choice); `pools`: the pools to
    // choose from (Default first when it exists).
    BackupDialog(int drives, const QStringList& pools, QWidget* parent = nullptr);
    // Asks the service at `door` for its drives, pools and clients; they replace the choices
    // once it answered (choicesRead()); a failed read keeps those given (Default) and says why
    // in problem() (logged once). On a remote service the sources are typed paths of its
    // machine (Folder… is not offered).
    void readChoices(const DoorAddress& door);
    bool isReadingChoices() const { return reading_; }
    // The pools to choose from (Default chosen when listed; Default alone when empty).
    void setPools(const QStringList& pools);
    // The clients to choose from besides this machine (the first entry).
    void setClients(const QStringList& clients);
    void addSource(const QString& source);
    job::BackupOptions options() const;

    QLineEdit* sourceEdit() const { return sourceEdit_; }
    QListWidget* sources() const { return sources_; }
    QComboBox* level() const { return level_; }
    QComboBox* pool() const { return pool_; }
    QComboBox* client() const { return client_; }
    QSpinBox* drives() const { return drives_; }
    QPushButton* browseButton() const { return browse_; }
    QString problem() const; // why the last source was not added ("" when it was)

Q_SIGNALS:
    void choicesRead();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateOk();
    void clientChanged();
    void connectSourceButtons(QPushButton* add, QPushButton* remove);
    QListWidget* sources_;
    QLineEdit* sourceEdit_;
    QSpinBox* drives_;
    QSpinBox* sessions_;
    QComboBox* level_;
    QComboBox* pool_;
    QComboBox* compression_;
    QComboBox* client_;
    QPushButton* browse_;
    QLabel* problem_;
    QLineEdit* name_;
    QDialogButtonBox* buttons_;
    bool reading_ = false;
    QString serviceHost_; // the remote service's host; "" for this machine's service
};

} // namespace tl::ui
