#include "pages/dashboard/drive_tile.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QVBoxLayout>

namespace tl::ui {

DriveTile::DriveTile(const QString& name, QWidget* parent)
    : QFrame(parent), name_(new QLabel(name, this)), volume_(new QLabel(this)),
      state_(new QLabel(this)), rate_(new QLabel(this)), bytes_(new QLabel(this)),
      shoeshine_(new QLabel(this)), buffer_(new QProgressBar(this)) {
    setFrameShape(QFrame::StyledPanel);
    setAccessibleName(tr("Drive %1").arg(name));
    auto* layout = new QVBoxLayout(this);
    QFont bold = name_->font();
    bold.setBold(true);
    name_->setFont(bold);
    layout->addWidget(name_);
    auto* form = new QFormLayout;
    form->addRow(tr("Volume:"), volume_);
    form->addRow(tr("State:"), state_);
    form->addRow(tr("Rate:"), rate_);
    form->addRow(tr("This job:"), bytes_);
    form->addRow(tr("Buffer:"), buffer_);
    form->addRow(tr("Shoe-shine:"), shoeshine_);
    layout->addLayout(form);
    buffer_->setRange(0, 100);
    buffer_->setAccessibleName(tr("Drive buffer fill"));
    QFont big = rate_->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    rate_->setFont(big);
}

void DriveTile::update(const metrics::LiveDrive& d) {
    const QLocale loc;
    volume_->setText(d.volume.empty() ? tr("none") : QString::fromStdString(d.volume));
    state_->setText(QString::fromStdString(d.state));
    rate_->setText(tr("%1 MB/s").arg(loc.toString(d.rate / 1e6, 'f', 1)));
    bytes_->setText(loc.formattedDataSize(static_cast<qint64>(d.bytes)));
    shoeshine_->setText(loc.toString(qulonglong(d.shoeshine)));
    if (d.buffer_fill < 0) {
        buffer_->setEnabled(false);
        buffer_->setValue(0);
        buffer_->setFormat(tr("not modelled"));
    } else {
        buffer_->setEnabled(true);
        buffer_->setValue(static_cast<int>(d.buffer_fill * 100 + 0.5));
        buffer_->setFormat(QStringLiteral("%p %"));
    }
}

QString DriveTile::stateText() const {
    return state_->text();
}

} // namespace tl::ui
