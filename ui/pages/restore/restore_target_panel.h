#pragma once
// Where a restore writes and what it does with files already there: the original location or
// another folder (chosen with a folder dialog; the files go to FOLDER/original/absolute/path, as
// `restore --to`), and the policy for existing files (skip, overwrite, keep-newer, rename).
// Restore on: where the files were backed up (this machine, or the client whose agent read them)
// or another client, whose agent writes them (`restore --client NAME`, docs/agent.md); the
// folder is then a path on that client. The folder dialog browses this machine, so it is offered
// only where the folder is one of this machine's: not for another client, not for a console on a
// remote service (the folder is then typed, a path on the service's machine). GUI thread only.
#include <QStringList>
#include <QWidget>

#include "job/restore_writer.h"

class QComboBox;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace tl::ui {

class RestoreTargetPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RestoreTargetPanel(QWidget* parent = nullptr);

    // "" = the original location.
    QString target() const;
    bool anotherFolder() const;            // "another folder" is chosen (its field may be empty)
    void setTarget(const QString& folder); // "" = the original location
    job::ExistingPolicy policy() const;
    void setPolicy(job::ExistingPolicy policy);
    // The client chosen under Restore on ("" = where the files were backed up).
    QString client() const;
    // False when `name` is not listed.
    bool setClient(const QString& name);
    // The clients Restore on offers (the choice is kept when still listed).
    void setClients(const QStringList& names);
    QComboBox* clientBox() const { return client_; }
    // The console's service runs on `host` (a remote console), "" when on this machine.
    void setServiceHost(const QString& host);
    QPushButton* browseButton() const { return browse_; }

private:
    QRadioButton* original_;
    QRadioButton* other_;
    QLineEdit* folder_;
    QPushButton* browse_;
    QComboBox* policy_;
    QComboBox* client_;
    QString serviceHost_;
    void sync();
};

} // namespace tl::ui
