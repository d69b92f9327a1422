#include "pages/devices/device_add_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tl::ui {

using Kind = DeviceSpec::Kind;

DeviceAddDialog::DeviceAddDialog(const QStringList& taken, QWidget* parent)
    : QDialog(parent), taken_(taken), kind_(new QComboBox(this)), name_(new QLineEdit(this)),
      device_(new QLineEdit(this)), drives_(new QLineEdit(this)),
      capacity_(new QDoubleSpinBox(this)), driveCount_(new QSpinBox(this)),
      slots_(new QSpinBox(this)), mail_(new QSpinBox(this)), form_(new QFormLayout),
      problem_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Add a device"));
    kind_->addItem(tr("Virtual drive (files in the data directory)"), int(Kind::VirtualDrive));
    kind_->addItem(tr("Tape drive (Linux st, /dev/nstN)"), int(Kind::StDrive));
    kind_->addItem(tr("Null drive (discards what it is given)"), int(Kind::NullDrive));
    kind_->addItem(tr("Virtual library"), int(Kind::VirtualLibrary));
    kind_->addItem(tr("Library with an mtx changer (/dev/sgN)"), int(Kind::MtxLibrary));
    kind_->setAccessibleName(tr("Type of device"));
    name_->setAccessibleName(tr("Device name"));
    device_->setAccessibleName(tr("Device path"));
    drives_->setAccessibleName(tr("Drive paths of the library"));
    drives_->setPlaceholderText(tr("/dev/nst0, /dev/nst1"));
    capacity_->setRange(0.004, 1e6);
    capacity_->setDecimals(3);
    capacity_->setValue(4);
    capacity_->setSuffix(tr(" GiB"));
    capacity_->setAccessibleName(tr("Cartridge capacity in GiB"));
    driveCount_->setRange(1, 64);
    driveCount_->setValue(4);
    driveCount_->setAccessibleName(tr("Drives of the library"));
    slots_->setRange(1, 10000);
    slots_->setValue(24);
    slots_->setAccessibleName(tr("Storage slots of the library"));
    mail_->setRange(0, 64);
    mail_->setValue(2);
    mail_->setAccessibleName(tr("Mail slots of the library"));
    problem_->setWordWrap(true);
    problem_->setAccessibleName(tr("What is missing"));

    form_->addRow(tr("&Type:"), kind_);
    form_->addRow(tr("&Name:"), name_);
    form_->addRow(tr("&Device:"), device_);
    form_->addRow(tr("D&rives:"), drives_);
    form_->addRow(tr("&Capacity:"), capacity_);
    form_->addRow(tr("Number of dri&ves:"), driveCount_);
    form_->addRow(tr("&Slots:"), slots_);
    form_->addRow(tr("&Mail slots:"), mail_);
    auto* note =
        new QLabel(tr("Drives of a library are added with their library; the engine cannot move a "
                      "standalone drive into a library."),
                   this);
    note->setWordWrap(true);
    auto* box = new QVBoxLayout(this);
    box->addLayout(form_);
    box->addWidget(note);
    box->addWidget(problem_);
    box->addWidget(buttons_);

    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty()) accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(kind_, &QComboBox::currentIndexChanged, this, &DeviceAddDialog::update);
    for (auto* e : {name_, device_, drives_})
        connect(e, &QLineEdit::textChanged, this, &DeviceAddDialog::update);
    connect(capacity_, &QDoubleSpinBox::valueChanged, this, &DeviceAddDialog::update);
    for (auto* s : {driveCount_, slots_, mail_})
        connect(s, &QSpinBox::valueChanged, this, &DeviceAddDialog::update);
    update();
}

void DeviceAddDialog::setKind(Kind kind) {
    kind_->setCurrentIndex(kind_->findData(int(kind)));
}

DeviceSpec DeviceAddDialog::spec() const {
    DeviceSpec s;
    s.kind = static_cast<Kind>(kind_->currentData().toInt());
    s.name = name_->text().trimmed();
    s.device = device_->text().trimmed();
    for (const auto& d : drives_->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!d.trimmed().isEmpty()) s.driveDevices << d.trimmed();
    s.capacity = static_cast<quint64>(capacity_->value() * double(1ull << 30));
    s.drives = driveCount_->value();
    s.storageSlots = slots_->value();
    s.mailSlots = mail_->value();
    return s;
}

QString DeviceAddDialog::problem() const {
    return deviceSpecProblem(spec(), taken_);
}

void DeviceAddDialog::update() {
    const auto k = static_cast<Kind>(kind_->currentData().toInt());
    const bool virt = k == Kind::VirtualDrive || k == Kind::VirtualLibrary;
    form_->setRowVisible(device_, k == Kind::StDrive || k == Kind::MtxLibrary);
    form_->setRowVisible(drives_, k == Kind::MtxLibrary);
    form_->setRowVisible(capacity_, virt);
    form_->setRowVisible(driveCount_, k == Kind::VirtualLibrary);
    form_->setRowVisible(slots_, k == Kind::VirtualLibrary);
    form_->setRowVisible(mail_, k == Kind::VirtualLibrary);
    device_->setPlaceholderText(k == Kind::MtxLibrary ? tr("/dev/sg3") : tr("/dev/nst0"));
    name_->setPlaceholderText(k == Kind::VirtualLibrary ? tr("empty: the next free vlibN")
                                                        : QString());
    const QString why = problem();
    problem_->setText(why);
    problem_->setVisible(!why.isEmpty());
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

} // namespace tl::ui
