#include "pages/media/media_action_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace tl::ui {

MediaActionDialog::MediaActionDialog(const QString& title, const QString& explanation,
                                     QWidget* parent)
    : QDialog(parent), explanation_(new QLabel(explanation, this)), form_(new QFormLayout),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(title);
    explanation_->setWordWrap(true);
    auto* box = new QVBoxLayout(this);
    box->addWidget(explanation_);
    box->addLayout(form_);
    box->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void MediaActionDialog::addRow(const QString& label, QWidget* field) {
    form_->addRow(label, field);
}

void MediaActionDialog::askPool(const QStringList& pools, const QString& current) {
    pool_ = new QComboBox(this);
    pool_->addItems(pools);
    pool_->setCurrentText(current);
    pool_->setAccessibleName(tr("Pool"));
    addRow(tr("&Pool:"), pool_);
}

void MediaActionDialog::askText(const QString& label, const QString& placeholder, bool required) {
    text_ = new QLineEdit(this);
    text_->setPlaceholderText(placeholder);
    text_->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    textRequired_ = required;
    addRow(label, text_);
    connect(text_, &QLineEdit::textChanged, this, &MediaActionDialog::validate);
    validate();
}

void MediaActionDialog::askForce(const QString& text) {
    force_ = new QCheckBox(text, this);
    force_->setAccessibleName(tr("Force"));
    addRow(QString(), force_);
}

QString MediaActionDialog::pool() const {
    return pool_ ? pool_->currentText() : QString();
}

QString MediaActionDialog::text() const {
    return text_ ? text_->text().trimmed() : QString();
}

bool MediaActionDialog::force() const {
    return force_ && force_->isChecked();
}

void MediaActionDialog::validate() {
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(!textRequired_ || !text().isEmpty());
}

} // namespace tl::ui
