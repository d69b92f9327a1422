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
      browse_(new QPushButton(tr("&Browse…"), this)), policy_(new QComboBox(this)) {
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

    auto* row = new QHBoxLayout;
    row->addWidget(other_);
    row->addWidget(folder_, 1);
    row->addWidget(browse_);
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Restore to:"), original_);
    form->addRow(QString(), row);
    form->addRow(tr("Existing files:"), policy_);

    auto sync = [this] {
        folder_->setEnabled(other_->isChecked());
        browse_->setEnabled(other_->isChecked());
    };
    connect(other_, &QRadioButton::toggled, this, sync);
    sync();
    connect(browse_, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Restore into"), folder_->text());
        if (!dir.isEmpty()) folder_->setText(dir);
    });
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
