#pragma once
// Add or edit a pool (the fields of `tapeloom-cli pool add|edit`), checked while typing: each
// problem is shown under the form and OK stays disabled until the values are valid. The
// engine checks again when the page saves (add_pool / edit_pool). GUI thread only.
#include <QDialog>

#include "media/pool.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tl::ui {

class PoolDialog final : public QDialog {
    Q_OBJECT
public:
    // `existing` null: a new pool; `taken`: names in use (a new name must not be one of them);
    // `keys`: the key store's key names to encrypt with (docs/media.md "Encryption").
    PoolDialog(const media::Pool* existing, const QStringList& taken, QWidget* parent = nullptr,
               const QStringList& keys = {});

    QString name() const;
    media::PoolChanges values() const; // every field (add) / the edited policy (edit)
    // The problems of the current input, one per line; "" when valid.
    QString problems() const;

    QLineEdit* nameField() const { return name_; }
    QSpinBox* retentionField() const { return retention_; }
    QSpinBox* fileRetentionField() const { return fileRetention_; }
    QLineEdit* maxBytesField() const { return maxBytes_; }
    QLineEdit* maxUseField() const { return maxUse_; }
    QComboBox* encryptionField() const { return encryption_; }
    QComboBox* keyField() const { return key_; }

private:
    void validate();
    void setUpEncryption(const media::Pool& p, const QStringList& keys);
    bool encrypted() const;

    bool editing_;
    QStringList taken_;
    QLineEdit* name_;
    QComboBox* purpose_;
    QSpinBox* retention_;
    QSpinBox* fileRetention_;
    int shownRetention_ = 0; // the job retention before its latest change
    QSpinBox* maxJobs_;
    QLineEdit* maxBytes_;
    QLineEdit* maxUse_;
    QComboBox* recycle_;
    QCheckBox* autoLabel_;
    QComboBox* encryption_;
    QComboBox* key_;
    QCheckBox* encryptNames_;
    QLabel* errors_;
    QDialogButtonBox* buttons_;
};

} // namespace tl::ui
