#include "pages/media/pool_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>
#include <optional>

#include "common/units.h"
#include "pages/media/media_text.h"

namespace tl::ui {

namespace {
// "0" or a size such as "400G", "1.5T"; nullopt when it is not one.
std::optional<qint64> size_of(const QString& text) {
    const QString t = text.trimmed();
    if (t.isEmpty() || t == QLatin1String("0")) return 0;
    auto n = parse_size(t.toStdString());
    return n ? std::optional<qint64>(static_cast<qint64>(n.value())) : std::nullopt;
}

// "0", "3600", "90s", "45m", "12h", "7d" as seconds; nullopt when it is not one.
std::optional<qint64> duration_of(const QString& text) {
    static const QRegularExpression re(QStringLiteral("^(\\d+)\\s*([smhd]?)$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch()) return text.trimmed().isEmpty() ? std::optional<qint64>(0) : std::nullopt;
    const qint64 n = m.captured(1).toLongLong();
    const QString u = m.captured(2);
    const qint64 unit = u == QLatin1String("m")   ? 60
                        : u == QLatin1String("h") ? 3600
                        : u == QLatin1String("d") ? 86400
                                                  : 1;
    return n * unit;
}

QString size_text(qint64 bytes) {
    if (bytes <= 0) return {};
    for (auto [unit, suffix] : {std::pair<qint64, const char*>{1ll << 40, "T"},
                                {1ll << 30, "G"},
                                {1ll << 20, "M"},
                                {1ll << 10, "K"}})
        if (bytes % unit == 0) return QString::number(bytes / unit) + QLatin1String(suffix);
    return QString::number(bytes);
}

QString duration_text(qint64 s) {
    if (s <= 0) return {};
    if (s % 86400 == 0) return QString::number(s / 86400) + QLatin1Char('d');
    if (s % 3600 == 0) return QString::number(s / 3600) + QLatin1Char('h');
    if (s % 60 == 0) return QString::number(s / 60) + QLatin1Char('m');
    return QString::number(s) + QLatin1Char('s');
}
} // namespace

PoolDialog::PoolDialog(const media::Pool* existing, const QStringList& taken, QWidget* parent,
                       const QStringList& keys)
    : QDialog(parent), editing_(existing != nullptr), taken_(taken), name_(new QLineEdit(this)),
      purpose_(new QComboBox(this)), retention_(new QSpinBox(this)),
      fileRetention_(new QSpinBox(this)), maxJobs_(new QSpinBox(this)),
      maxBytes_(new QLineEdit(this)), maxUse_(new QLineEdit(this)), recycle_(new QComboBox(this)),
      autoLabel_(new QCheckBox(tr("Label blank cartridges into this pool when a backup needs "
                                  "a volume"),
                               this)),
      encryption_(new QComboBox(this)), key_(new QComboBox(this)),
      encryptNames_(new QCheckBox(tr("Encrypt the file names too"), this)),
      errors_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(existing ? tr("Edit pool %1").arg(QString::fromStdString(existing->name))
                            : tr("Add a pool"));
    const media::Pool p = existing ? *existing : media::Pool{};
    name_->setText(QString::fromStdString(p.name));
    name_->setReadOnly(editing_);
    name_->setAccessibleName(tr("Pool name"));
    purpose_->setEditable(true); // free text is kept as it is
    for (const auto& code : MediaText::purposeCodes())
        purpose_->addItem(MediaText::purpose(code.toStdString()), code);
    purpose_->setCurrentText(MediaText::purpose(p.purpose));
    purpose_->setAccessibleName(tr("Purpose"));
    for (auto* days : {retention_, fileRetention_}) {
        days->setRange(0, 36500);
        days->setSuffix(tr(" days"));
    }
    retention_->setValue(p.retention_days);
    shownRetention_ = retention_->value();
    retention_->setAccessibleName(tr("Job retention in days"));
    fileRetention_->setValue(p.file_retention_days);
    fileRetention_->setAccessibleName(tr("File retention in days"));
    maxJobs_->setRange(0, 1000000);
    maxJobs_->setSpecialValueText(tr("no limit"));
    maxJobs_->setValue(static_cast<int>(p.max_jobs));
    maxJobs_->setAccessibleName(tr("Maximum jobs per volume"));
    maxBytes_->setText(size_text(p.max_bytes));
    maxBytes_->setPlaceholderText(tr("no limit (e.g. 400G)"));
    maxBytes_->setAccessibleName(tr("Maximum bytes per volume"));
    maxUse_->setText(duration_text(p.max_use_seconds));
    maxUse_->setPlaceholderText(tr("no limit (e.g. 7d, 12h)"));
    maxUse_->setAccessibleName(tr("Maximum use duration per volume"));
    recycle_->addItem(tr("automatic (prune makes expired volumes recyclable)"), true);
    recycle_->addItem(tr("by hand (prune only lists them)"), false);
    recycle_->setCurrentIndex(p.auto_recycle ? 0 : 1);
    recycle_->setAccessibleName(tr("Recycle policy"));
    autoLabel_->setChecked(p.auto_label);
    autoLabel_->setAccessibleName(tr("Auto-label"));
    setUpEncryption(p, keys);
    errors_->setWordWrap(true);
    MediaText::styleProblem(errors_);
    errors_->setAccessibleName(tr("Problems"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), name_);
    form->addRow(tr("&Purpose:"), purpose_);
    form->addRow(tr("&Job retention:"), retention_);
    form->addRow(tr("&File retention:"), fileRetention_);
    form->addRow(tr("Max &jobs per volume:"), maxJobs_);
    form->addRow(tr("Max &bytes per volume:"), maxBytes_);
    form->addRow(tr("Max &use per volume:"), maxUse_);
    form->addRow(tr("&Recycle:"), recycle_);
    form->addRow(QString(), autoLabel_);
    form->addRow(tr("&Encryption:"), encryption_);
    form->addRow(tr("&Key:"), key_);
    form->addRow(QString(), encryptNames_);
    auto* box = new QVBoxLayout(this);
    box->addLayout(form);
    box->addWidget(errors_);
    box->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(name_, &QLineEdit::textChanged, this, &PoolDialog::validate);
    connect(maxBytes_, &QLineEdit::textChanged, this, &PoolDialog::validate);
    connect(maxUse_, &QLineEdit::textChanged, this, &PoolDialog::validate);
    connect(retention_, &QSpinBox::valueChanged, this, [this](int v) {
        // File retention follows while it was equal (as the engine does). It is never cut to a
        // shorter job retention: while "35" is typed, the field holds 3 for a moment, and a
        // file retention longer than the job's is a problem shown under the form instead.
        if (fileRetention_->value() == shownRetention_) fileRetention_->setValue(v);
        shownRetention_ = v;
        validate();
    });
    connect(fileRetention_, &QSpinBox::valueChanged, this, &PoolDialog::validate);
    validate();
}

QString PoolDialog::name() const {
    return name_->text().trimmed();
}

media::PoolChanges PoolDialog::values() const {
    media::PoolChanges c;
    const QString purpose = purpose_->currentText().trimmed();
    const int known = purpose_->findText(purpose);
    c.purpose = (known >= 0 ? purpose_->itemData(known).toString() : purpose).toStdString();
    c.retention_days = retention_->value();
    c.file_retention_days = fileRetention_->value();
    c.max_jobs = maxJobs_->value();
    c.max_bytes = size_of(maxBytes_->text()).value_or(0);
    c.max_use_seconds = duration_of(maxUse_->text()).value_or(0);
    c.auto_recycle = recycle_->currentData().toBool();
    c.auto_label = autoLabel_->isChecked();
    c.encryption = encryption_->currentData().toString().toStdString();
    c.key = encrypted() ? key_->currentText().toStdString() : std::string();
    c.encrypt_names = encryptNames_->isChecked();
    return c;
}

QString PoolDialog::problems() const {
    QStringList out;
    static const QRegularExpression nameRe(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    if (!editing_) {
        if (name().isEmpty())
            out << tr("Give the pool a name.");
        else if (!nameRe.match(name()).hasMatch())
            out << tr("A pool name has letters, digits, '.', '_' and '-' only.");
        else if (taken_.contains(name(), Qt::CaseInsensitive))
            out << tr("A pool named %1 exists already.").arg(name());
    }
    if (fileRetention_->value() > retention_->value())
        out << tr("File retention cannot be longer than the job retention.");
    if (!size_of(maxBytes_->text()))
        out << tr("Max bytes: a size such as 400G or 1.5T, or empty for no limit.");
    if (!duration_of(maxUse_->text()))
        out << tr("Max use: a duration such as 7d, 12h or 90m, or empty for no limit.");
    if (encrypted() && key_->currentText().isEmpty())
        out << tr("Choose the key to encrypt with (create one with tapeloom-cli key create "
                  "NAME).");
    return out.join(QLatin1Char('\n'));
}

void PoolDialog::setUpEncryption(const media::Pool& p, const QStringList& keys) {
    encryption_->addItem(tr("none (written in clear)"), QStringLiteral("none"));
    encryption_->addItem(QStringLiteral("AES-256-GCM"), QStringLiteral("aes-256-gcm"));
    encryption_->setCurrentIndex(p.encryption == "aes-256-gcm" ? 1 : 0);
    encryption_->setAccessibleName(tr("Encryption"));
    key_->addItems(keys);
    if (!p.key.empty()) key_->setCurrentText(QString::fromStdString(p.key));
    key_->setAccessibleName(tr("Key"));
    encryptNames_->setChecked(p.encrypt_names);
    encryptNames_->setAccessibleName(tr("Encrypt file names"));
    auto follow = [this] {
        key_->setEnabled(encrypted());
        encryptNames_->setEnabled(encrypted());
        validate();
    };
    connect(encryption_, &QComboBox::currentIndexChanged, this, follow);
    connect(key_, &QComboBox::currentIndexChanged, this, &PoolDialog::validate);
    key_->setEnabled(encrypted());
    encryptNames_->setEnabled(encrypted());
}

bool PoolDialog::encrypted() const {
    return encryption_->currentData().toString() != QLatin1String("none");
}

void PoolDialog::validate() {
    const QString p = problems();
    errors_->setText(p);
    errors_->setVisible(!p.isEmpty());
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(p.isEmpty());
}

} // namespace tl::ui
