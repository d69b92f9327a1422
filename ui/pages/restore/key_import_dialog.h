#pragma once
// Asks for a key a restore needs and the key store lacks (issue 20): names the key id and
// imports it from the file `tapeloom-cli key export` wrote, with that export's passphrase, into
// the key store of the console's service through the typed door (POST /v1/keys, what
// `tapeloom-cli key import FILE` does; the file is read here, on the console's machine). The
// import (a memory-hard KDF in the service) runs on a worker thread; the dialog is accepted once
// the store holds the key asked for.
#include <QDialog>
#include <QString>
#include <string>

#include "bridge/typed_door.h"

class QLabel;
class QLineEdit;
class QPushButton;

namespace tl::ui {

class KeyImportDialog final : public QDialog {
    Q_OBJECT
public:
    KeyImportDialog(DoorAddress door, QString keyId, QWidget* parent = nullptr);

    QString keyId() const { return keyId_; }
    QLineEdit* fileField() const { return file_; }
    QLineEdit* passphraseField() const { return passphrase_; }
    QPushButton* importButton() const { return import_; }
    QString problem() const;

private:
    void startImport();
    void imported(const QString& id, const QString& error);

    DoorAddress door_;
    QString keyId_;
    QLineEdit* file_;
    QLineEdit* passphrase_;
    QLabel* problem_;
    QPushButton* import_;
};

} // namespace tl::ui
