#pragma once
// "Back up now": the sources (folders, raw:/dev/x, cmd:..., sqlite:/db — as `tapeloom-cli
// backup --source` takes them), drives, sessions per drive, pool, compression and a name, for a
// one-off backup from the console. OK stays disabled until there is a source.
#include <QDialog>

#include "job/backup_job.h"

class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace tl::ui {

class BackupDialog final : public QDialog {
    Q_OBJECT
public:
    // `drives`: drives of the library (upper bound of the drive choice).
    BackupDialog(int drives, QWidget* parent = nullptr);
    void addSource(const QString& source);
    job::BackupOptions options() const;

private:
    void updateOk();
    QListWidget* sources_;
    QLineEdit* sourceEdit_;
    QSpinBox* drives_;
    QSpinBox* sessions_;
    QLineEdit* pool_;
    QComboBox* compression_;
    QLineEdit* name_;
    QDialogButtonBox* buttons_;
};

} // namespace tl::ui
