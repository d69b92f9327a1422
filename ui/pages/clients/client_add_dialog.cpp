#include "pages/clients/client_add_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace tl::ui {

QString clientSpecProblem(const ClientSpec& spec, const QStringList& taken) {
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9._-]{1,64}$"));
    static const QRegularExpression address(QStringLiteral("^\\S+:[0-9]{1,5}$"));
    static const QRegularExpression fingerprint(
        QStringLiteral("^([0-9A-Fa-f]{2}:?){31}[0-9A-Fa-f]{2}$"));
    if (spec.name.isEmpty())
        return ClientAddDialog::tr("Enter the client's name, e.g. its host name.");
    if (!name.match(spec.name).hasMatch())
        return ClientAddDialog::tr(
            "The name takes letters, digits, '.', '_' and '-' (at most 64).");
    if (taken.contains(spec.name))
        return ClientAddDialog::tr("A client named %1 is added already.").arg(spec.name);
    if (!address.match(spec.address).hasMatch())
        return ClientAddDialog::tr("Enter the address the agent listens on as HOST:PORT.");
    if (!fingerprint.match(spec.fingerprint).hasMatch())
        return ClientAddDialog::tr(
            "Enter the agent's fingerprint: the 64 hex digits tapeloom-agent init printed.");
    return {};
}

ClientAddDialog::ClientAddDialog(const QStringList& taken, const QString& serviceFingerprint,
                                 QWidget* parent)
    : QDialog(parent), taken_(taken), name_(new QLineEdit(this)), address_(new QLineEdit(this)),
      fingerprint_(new QLineEdit(this)), problem_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Add client"));
    name_->setPlaceholderText(tr("web1"));
    address_->setPlaceholderText(tr("web1.example.net:9740"));
    fingerprint_->setPlaceholderText(tr("as tapeloom-agent init printed it"));
    fingerprint_->setMinimumWidth(fingerprint_->fontMetrics().horizontalAdvance(QString(66, 'f')));
    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), name_);
    form->addRow(tr("&Address:"), address_);
    form->addRow(tr("Agent's &fingerprint:"), fingerprint_);
    auto* mine =
        new QLabel(serviceFingerprint.isEmpty() ? tr("(not available)") : serviceFingerprint, this);
    mine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mine->setAccessibleName(tr("Service fingerprint"));
    form->addRow(tr("This service's fingerprint:"), mine);
    auto* hint = new QLabel(
        tr("Then run on the client: tapeloom-agent trust --state DIR "
           "--server-fingerprint %1")
            .arg(serviceFingerprint.isEmpty() ? QStringLiteral("FP") : serviceFingerprint),
        this);
    hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    hint->setWordWrap(true);
    problem_->setWordWrap(true);
    problem_->setAccessibleName(tr("Problem"));
    auto* box = new QVBoxLayout(this);
    box->addLayout(form);
    box->addWidget(hint);
    box->addWidget(problem_);
    box->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (auto* e : {name_, address_, fingerprint_})
        connect(e, &QLineEdit::textChanged, this, &ClientAddDialog::update);
    update();
}

ClientSpec ClientAddDialog::spec() const {
    return {name_->text().trimmed(), address_->text().trimmed(), fingerprint_->text().trimmed()};
}

QString ClientAddDialog::problem() const {
    return problem_->text();
}

void ClientAddDialog::update() {
    const QString why = clientSpecProblem(spec(), taken_);
    problem_->setText(why);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

} // namespace tl::ui
