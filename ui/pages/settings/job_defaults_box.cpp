#include "pages/settings/job_defaults_box.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>

#include "codec/compressor.h"
#include "common/log.h"
#include "job/backup_job.h"

namespace tl::ui {

namespace {
QString engineDefaultCompression() {
    return QString::fromStdString(job::BackupOptions{}.compression);
}
} // namespace

JobDefaultsBox::JobDefaultsBox(QWidget* parent)
    : QGroupBox(tr("Defaults for new jobs"), parent), drives_(new QSpinBox(this)),
      sessions_(new QSpinBox(this)), pool_(new QComboBox(this)), level_(new QComboBox(this)),
      blockSize_(new QSpinBox(this)), compression_(new QComboBox(this)) {
    drives_->setRange(1, 64);
    drives_->setAccessibleName(tr("Default number of drives"));
    sessions_->setRange(1, 64);
    sessions_->setAccessibleName(tr("Default sessions per drive"));
    pool_->setAccessibleName(tr("Default pool"));
    level_->addItem(tr("Full"), QStringLiteral("full"));
    level_->addItem(tr("Differential"), QStringLiteral("diff"));
    level_->addItem(tr("Incremental"), QStringLiteral("incr"));
    level_->setAccessibleName(tr("Default backup level"));
    // The engine's block limits: 1 KiB .. 8 MiB (device/tape_drive.h BlockLimits).
    blockSize_->setRange(1, 8192);
    blockSize_->setSuffix(tr(" KiB"));
    blockSize_->setAccessibleName(tr("Default block size in KiB"));
    compression_->setEditable(true);
    compression_->setMinimumContentsLength(12);
    compression_->addItems({QStringLiteral("none"), QStringLiteral("lz4"), QStringLiteral("zstd"),
                            QStringLiteral("zstd:9"), QStringLiteral("gzip")});
    compression_->setAccessibleName(tr("Default compression"));
    compression_->setToolTip(tr("none, lz4, zstd, zstd:1 to zstd:19, gzip, gzip:1 to gzip:9"));

    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->addRow(tr("&Drives:"), drives_);
    form->addRow(tr("&Sessions per drive:"), sessions_);
    form->addRow(tr("P&ool:"), pool_);
    form->addRow(tr("&Level:"), level_);
    form->addRow(tr("&Block size:"), blockSize_);
    form->addRow(tr("&Compression:"), compression_);
    load();

    connect(drives_, &QSpinBox::valueChanged, this,
            [this](int v) { store(QStringLiteral("defaults/drives"), v); });
    connect(sessions_, &QSpinBox::valueChanged, this,
            [this](int v) { store(QStringLiteral("defaults/sessionsPerDrive"), v); });
    connect(blockSize_, &QSpinBox::valueChanged, this,
            [this](int v) { store(QStringLiteral("defaults/blockSizeKiB"), v); });
    connect(pool_, &QComboBox::activated, this,
            [this] { store(QStringLiteral("defaults/pool"), pool_->currentText()); });
    connect(level_, &QComboBox::activated, this,
            [this] { store(QStringLiteral("defaults/level"), level_->currentData()); });
    connect(compression_, &QComboBox::activated, this, [this] { applyCompression(); });
    connect(compression_->lineEdit(), &QLineEdit::editingFinished, this,
            [this] { applyCompression(); });
}

void JobDefaultsBox::load() {
    const QSignalBlocker b1(drives_), b2(sessions_), b3(blockSize_), b4(level_), b5(compression_);
    QSettings s;
    drives_->setValue(s.value(QStringLiteral("defaults/drives"), 2).toInt());
    sessions_->setValue(s.value(QStringLiteral("defaults/sessionsPerDrive"), 4).toInt());
    blockSize_->setValue(s.value(QStringLiteral("defaults/blockSizeKiB"), 256).toInt());
    const int level = level_->findData(s.value(QStringLiteral("defaults/level"), "incr"));
    level_->setCurrentIndex(level < 0 ? level_->findData(QStringLiteral("incr")) : level);
    compression_->setCurrentText(
        s.value(QStringLiteral("defaults/compression"), engineDefaultCompression()).toString());
}

void JobDefaultsBox::setPools(const QStringList& pools) {
    const QSignalBlocker block(pool_);
    const QString stored = QSettings().value(QStringLiteral("defaults/pool")).toString();
    pool_->clear();
    pool_->addItems(pools);
    int at = pool_->findText(stored.isEmpty() ? QStringLiteral("Default") : stored);
    if (at < 0 && !stored.isEmpty()) { // a pool removed since: keep showing the stored name
        pool_->addItem(stored);
        at = pool_->count() - 1;
    }
    pool_->setCurrentIndex(at < 0 ? 0 : at);
}

bool JobDefaultsBox::applyCompression(QString* problem) {
    const QString text = compression_->currentText().trimmed();
    auto spec = codec::parse_codec_spec(text.toStdString());
    if (!spec) {
        const QString why =
            tr("Compression not changed: %1").arg(QString::fromStdString(spec.error().message));
        log::get("ui")->warn("settings: {}", why.toStdString());
        if (problem) *problem = why;
        Q_EMIT applied(why);
        return false;
    }
    store(QStringLiteral("defaults/compression"), QString::fromStdString(spec->str()));
    return true;
}

void JobDefaultsBox::store(const QString& key, const QVariant& value) {
    QSettings().setValue(key, value);
    Q_EMIT applied({});
}

} // namespace tl::ui
