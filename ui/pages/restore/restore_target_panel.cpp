#include "pages/restore/restore_target_panel.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>

namespace tl::ui {

RestoreTargetPanel::RestoreTargetPanel(QWidget* parent)
    : QWidget(parent), original_(new QRadioButton(tr("&Original location"), this)),
      other_(new QRadioButton(tr("&Another folder:"), this)), folder_(new QLineEdit(this)),
      browse_(new QPushButton(tr("&Browse…"), this)), policy_(new QComboBox(this)),
      client_(new QComboBox(this)) {
    original_->setChecked(true);
    original_->setAccessibleName(tr("Restore to the original location"));
    other_->setAccessibleName(tr("Restore to another folder"));
    folder_->setAccessibleName(tr("Target folder"));
    folder_->setPlaceholderText(tr("Folder to restore into"));
    browse_->setAccessibleName(tr("Choose the target folder"));
    policy_->setAccessibleName(tr("Existing files"));
    policy_->addItem(tr("Skip them"), int(job::ExistingPolicy::Skip));
    policy_->addItem(tr("Overwrite them"), int(job::ExistingPolicy::Overwrite));
    policy_->addItem(tr("Keep the newer one"), int(job::ExistingPolicy::KeepNewer));
    policy_->addItem(tr("Rename the restored file"), int(job::ExistingPolicy::Rename));
    client_->setAccessibleName(tr("Machine to restore on"));
    client_->setToolTip(tr("A client's agent writes the files there; the folder is a path on "
                           "that client"));
    client_->addItem(tr("Where it was backed up"), QString());

    auto* row = new QHBoxLayout;
    row->addWidget(other_);
    row->addWidget(folder_, 1);
    row->addWidget(browse_);
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Restore on:"), client_);
    form->addRow(tr("Restore to:"), original_);
    form->addRow(QString(), row);
    form->addRow(tr("Existing files:"), policy_);

    connect(other_, &QRadioButton::toggled, this, &RestoreTargetPanel::sync);
    connect(client_, &QComboBox::currentIndexChanged, this, &RestoreTargetPanel::sync);
    sync();
    connect(browse_, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Restore into"), folder_->text());
        if (!dir.isEmpty()) folder_->setText(dir);
    });
}

// The folder dialog browses this machine: not offered for another client's folder, nor for the
// remote service's.
void RestoreTargetPanel::sync() {
    folder_->setEnabled(other_->isChecked());
    browse_->setEnabled(other_->isChecked() && client().isEmpty() && serviceHost_.isEmpty());
}

void RestoreTargetPanel::setServiceHost(const QString& host) {
    serviceHost_ = host;
    if (!host.isEmpty()) {
        const QString where = tr("The folder is a path on the service's machine (%1): type it. "
                                 "Browse shows this machine's folders only.")
                                  .arg(host);
        folder_->setToolTip(where);
        browse_->setToolTip(where);
        folder_->setPlaceholderText(tr("Folder on %1 to restore into").arg(host));
    }
    sync();
}

QString RestoreTargetPanel::client() const {
    return client_->currentData().toString();
}

bool RestoreTargetPanel::setClient(const QString& name) {
    const int i = client_->findData(name);
    if (i < 0) return false;
    client_->setCurrentIndex(i);
    return true;
}

void RestoreTargetPanel::setClients(const QStringList& names) {
    const QString current = client();
    while (client_->count() > 1)
        client_->removeItem(1);
    for (const auto& n : names)
        client_->addItem(tr("Client %1").arg(n), n);
    setClient(current);
}

QString RestoreTargetPanel::target() const {
    return other_->isChecked() ? folder_->text().trimmed() : QString();
}

bool RestoreTargetPanel::anotherFolder() const {
    return other_->isChecked();
}

void RestoreTargetPanel::setTarget(const QString& folder) {
    (folder.isEmpty() ? original_ : other_)->setChecked(true);
    folder_->setText(folder);
}

job::ExistingPolicy RestoreTargetPanel::policy() const {
    return static_cast<job::ExistingPolicy>(policy_->currentData().toInt());
}

void RestoreTargetPanel::setPolicy(job::ExistingPolicy policy) {
    const int i = policy_->findData(int(policy));
    if (i >= 0) policy_->setCurrentIndex(i);
}

} // namespace tl::ui
