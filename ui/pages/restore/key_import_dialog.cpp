#include "pages/restore/key_import_dialog.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <QFile>

#include "bridge/engine_task.h"
#include "common/log.h"

namespace tl::ui {

namespace {
// The export in `file` sent to the service with its passphrase (logged once when refused).
Result<client::KeyInfo> importKey(const DoorAddress& door, const QString& file,
                                  const std::string& passphrase) {
    auto unreadable = [](Error e) {
        log::get("ui")->error("key import for a restore: {}", e.message);
        return e;
    };
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return unreadable(
            make_error(ErrorKind::Io, file.toStdString() + ": " + f.errorString().toStdString()));
    auto document = nlohmann::json::parse(f.read(1 << 20).toStdString(), nullptr, false);
    if (!document.is_object())
        return unreadable(
            make_error(ErrorKind::InvalidArgument,
                       file.toStdString() + ": not a key export of tapeloom-cli key export"));
    return readService<client::KeyInfo>(door, "key import for a restore", [&](client::Api& api) {
        return api.import_key({document, passphrase});
    });
}
} // namespace

KeyImportDialog::KeyImportDialog(DoorAddress door, QString keyId, QWidget* parent)
    : QDialog(parent), door_(std::move(door)), keyId_(std::move(keyId)), file_(new QLineEdit(this)),
      passphrase_(new QLineEdit(this)), problem_(new QLabel(this)),
      import_(new QPushButton(tr("&Import and continue"), this)) {
    setWindowTitle(tr("Key needed"));
    auto* text = new QLabel(
        tr("The files to restore are encrypted with key %1, which is not in this data "
           "directory's key store. Import it from the file it was exported to (tapeloom-cli key "
           "export) with that export's passphrase; the restore then continues.")
            .arg(keyId_),
        this);
    text->setWordWrap(true);
    file_->setAccessibleName(tr("Key export file"));
    passphrase_->setEchoMode(QLineEdit::Password);
    passphrase_->setAccessibleName(tr("Passphrase of the key export"));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(file_, 1);
    fileRow->addWidget(browse);
    auto* form = new QFormLayout;
    // The field is in a row with its button: the label is given its buddy here (addRow with a
    // layout gives none, and the label showed its '&').
    auto* fileLabel = new QLabel(tr("Export &file:"), this);
    fileLabel->setBuddy(file_);
    form->addRow(fileLabel, fileRow);
    form->addRow(tr("&Passphrase:"), passphrase_);
    problem_->setWordWrap(true);
    problem_->setAccessibleName(tr("Why the key was not imported"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(import_, QDialogButtonBox::ActionRole);
    import_->setDefault(true);
    auto* box = new QVBoxLayout(this);
    box->addWidget(text);
    box->addLayout(form);
    box->addWidget(problem_);
    box->addWidget(buttons);
    setMinimumWidth(560);
    text->setMinimumHeight(text->heightForWidth(560 - 2 * box->contentsMargins().left()));
    adjustSize();

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Key export file"), file_->text());
        if (!f.isEmpty()) file_->setText(f);
    });
    connect(import_, &QPushButton::clicked, this, &KeyImportDialog::startImport);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString KeyImportDialog::problem() const {
    return problem_->text();
}

void KeyImportDialog::startImport() {
    if (file_->text().isEmpty()) {
        problem_->setText(tr("Choose the file the key was exported to."));
        return;
    }
    import_->setEnabled(false);
    problem_->setText(tr("Importing…"));
    // The worker captures values only; the dialog is looked at on the GUI thread.
    runBackgroundRead(nullptr, this,
                      [door = door_, file = file_->text(), pass = passphrase_->text().toStdString(),
                       this]() -> GuiContinuation {
                          const auto k = importKey(door, file, pass);
                          const QString id = k ? QString::fromStdString(k->id) : QString();
                          const QString error =
                              k ? QString() : QString::fromStdString(k.error().message);
                          return [this, id, error] { imported(id, error); };
                      });
}

void KeyImportDialog::imported(const QString& id, const QString& error) {
    import_->setEnabled(true);
    if (!error.isEmpty()) { // a refusal of the service is logged where it came
        problem_->setText(tr("Not imported: %1").arg(error));
        adjustSize(); // the wrapped problem text gets its lines
        return;
    }
    if (id != keyId_) {
        problem_->setText(
            tr("That file holds key %1, not the key %2 the restore needs.").arg(id, keyId_));
        return;
    }
    log::get("ui")->info("key {} imported for a restore", id.toStdString());
    accept();
}

} // namespace tl::ui
