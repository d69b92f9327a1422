#include "pages/dashboard/drive_tile.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QVBoxLayout>

#include "widgets/job_text.h"
#include "widgets/units_format.h"

namespace tl::ui {

DriveTile::DriveTile(const QString& name, QWidget* parent)
    : QFrame(parent), name_(new QLabel(name, this)), volume_(new QLabel(this)),
      state_(new QLabel(this)), rate_(new QLabel(this)), bytes_(new QLabel(this)),
      shoeshine_(new QLabel(this)), buffer_(new QProgressBar(this)) {
    setFrameShape(QFrame::StyledPanel);
    // Wide enough for "writing, 45 % waiting for data" and the large rate, whatever is shown.
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 38);
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

QString DriveTile::activityText(const metrics::LiveDrive& d, const metrics::LiveDrive* before) {
    // The state at the poll's instant says "idle" for a drive that streams but waits for its
    // sources between blocks; what it did over the interval is what the administrator asks.
    const bool wrote = before ? d.bytes > before->bytes : d.rate > 0;
    if (!wrote) {
        if (d.state == "idle") return tr("idle");
        if (d.state == "writing") return tr("writing");
        if (d.state == "mounting") return tr("mounting");
        if (d.state == "positioning") return tr("positioning");
        if (d.state == "waiting for media") return tr("waiting for media");
        return JobText::activity(QString::fromStdString(d.state)); // reading, done, failed
    }
    if (!before) return tr("writing");
    const double idle = d.seconds_idle - before->seconds_idle;
    const double all = idle + (d.seconds_writing - before->seconds_writing) +
                       (d.seconds_positioning - before->seconds_positioning) +
                       (d.seconds_mounting - before->seconds_mounting) +
                       (d.seconds_waiting_media - before->seconds_waiting_media);
    const int waiting = all > 0 ? static_cast<int>(100 * idle / all + 0.5) : 0;
    // A drive that wrote but spent most of the interval waiting for its sources is limited by
    // them, not idle: "writing, 100 % idle" beside 9.9 MB/s read as a contradiction.
    if (waiting >= 50) return tr("waiting for data (%1 % of the time)").arg(waiting);
    return waiting >= 10 ? tr("writing, %1 % waiting for data").arg(waiting) : tr("writing");
}

void DriveTile::update(const metrics::LiveDrive& d, const metrics::LiveDrive* before) {
    const QLocale loc;
    volume_->setText(d.volume.empty() ? tr("none") : QString::fromStdString(d.volume));
    state_->setText(activityText(d, before));
    state_->setToolTip(tr("What the drive did since the previous snapshot; waiting for data: "
                          "the drive could write more than its sources delivered."));
    rate_->setText(formatRate(d.rate));
    bytes_->setText(formatBytes(d.bytes));
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
