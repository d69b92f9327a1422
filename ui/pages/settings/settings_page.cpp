#include "pages/settings/settings_page.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryFile>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "common/log.h"
#include "pages/settings/job_defaults_box.h"
#include "widgets/message_line.h"
#include "widgets/units_format.h"

namespace tl::ui {

namespace {
const QString kHomeKey = QStringLiteral("app/home");
const QString kPollKey = QStringLiteral("ui/pollIntervalMs");
const QString kUnitsKey = QStringLiteral("ui/units");
const QString kLanguageKey = QStringLiteral("ui/language");

// Whether a file can be created in the existing folder `dir` (as root, permission bits say
// nothing, so this tries).
bool canWriteIn(const QString& dir) {
    QTemporaryFile probe(dir + QStringLiteral("/.tapeloom-probe-XXXXXX"));
    return probe.open();
}
} // namespace

SettingsPage::SettingsPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), board_(board), door_(ctx.door), nextHome_(new QLineEdit(this)),
      poll_(new QSpinBox(this)), units_(new QComboBox(this)), language_(new QComboBox(this)),
      nextNote_(new MessageLine(2, this)), defaults_(new JobDefaultsBox(this)),
      theme_(new QLabel(this)), status_(new QLabel(this)) {
    QSettings settings;

    auto* homeBox = new QGroupBox(tr("Data directory"), this);
    auto* inUse = new QLabel(QDir::toNativeSeparators(QString::fromStdString(door_.home)), homeBox);
    inUse->setTextInteractionFlags(Qt::TextSelectableByMouse);
    inUse->setAccessibleName(tr("Data directory in use"));
    nextHome_->setText(settings.value(kHomeKey).toString());
    nextHome_->setPlaceholderText(tr("the default (--home, TAPELOOM_HOME or ~/.local/share)"));
    nextHome_->setAccessibleName(tr("Data directory to use at the next start"));
    nextHome_->setClearButtonEnabled(true);
    auto* choose = new QPushButton(tr("C&hoose…"), homeBox);
    choose->setAccessibleName(tr("Choose the data directory for the next start"));
    auto* nextRow = new QHBoxLayout;
    nextRow->addWidget(nextHome_, 1);
    nextRow->addWidget(choose);
    auto* homeForm = new QFormLayout(homeBox);
    homeForm->addRow(tr("In use:"), inUse);
    auto* nextLabel = new QLabel(tr("Use another data directory at &next start:"), homeBox);
    nextLabel->setBuddy(nextHome_);
    homeForm->addRow(nextLabel, nextRow);
    nextNote_->setAccessibleName(tr("What the next data directory holds"));
    homeForm->addRow(QString(), nextNote_);
    describeNextHome(nextHome_->text());
    auto* homeNote = new QLabel(
        tr("--home and TAPELOOM_HOME still take precedence. The folder is created at the next "
           "start if it does not exist."),
        homeBox);
    homeNote->setWordWrap(true);
    homeForm->addRow(homeNote);

    auto* viewBox = new QGroupBox(tr("Display"), this);
    poll_->setRange(0, 10 * kMaxPollMs); // out-of-range values are refused with a reason
    poll_->setSuffix(tr(" ms"));
    poll_->setValue(settings.value(kPollKey, 1000).toInt());
    poll_->setAccessibleName(tr("Poll interval of the live views in milliseconds"));
    units_->addItem(tr("Decimal (MB, MB/s)"), QStringLiteral("si"));
    units_->addItem(tr("Binary (MiB, MiB/s)"), QStringLiteral("iec"));
    units_->setCurrentIndex(qMax(0, units_->findData(settings.value(kUnitsKey, "si"))));
    units_->setAccessibleName(tr("Units of sizes and rates"));
    theme_->setAccessibleName(tr("Theme"));
    const QLocale system = QLocale::system();
    const QString systemName = system.nativeLanguageName().isEmpty()
                                   ? QLocale::languageToString(system.language())
                                   : system.nativeLanguageName();
    language_->addItem(tr("The system's (%1)").arg(systemName), QString());
    language_->addItem(QStringLiteral("English"), QStringLiteral("en"));
    language_->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    language_->setCurrentIndex(qMax(0, language_->findData(settings.value(kLanguageKey, ""))));
    language_->setAccessibleName(tr("Language of the console"));
    language_->setToolTip(tr("Applies at the next start of the console"));
    auto* viewForm = new QFormLayout(viewBox);
    viewForm->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    viewForm->addRow(tr("&Poll interval:"), poll_);
    viewForm->addRow(tr("&Units:"), units_);
    viewForm->addRow(tr("&Language (at the next start):"), language_);
    viewForm->addRow(tr("Theme:"), theme_);

    status_->setWordWrap(true);
    status_->setAccessibleName(tr("Settings status"));
    auto* box = new QVBoxLayout(this);
    box->addWidget(homeBox);
    box->addWidget(viewBox);
    box->addWidget(defaults_);
    box->addWidget(status_);
    box->addStretch(1);
    describeTheme();

    chooser_ = [this](const QString& start) {
        return QFileDialog::getExistingDirectory(this, tr("Data directory for the next start"),
                                                 start);
    };
    connect(choose, &QPushButton::clicked, this, [this] {
        const QString dir = chooser_(
            nextHome_->text().isEmpty() ? QString::fromStdString(door_.home) : nextHome_->text());
        if (dir.isEmpty()) return;
        nextHome_->setText(dir);
        setNextDataDirectory(dir);
    });
    connect(nextHome_, &QLineEdit::editingFinished, this,
            [this] { setNextDataDirectory(nextHome_->text()); });
    connect(poll_, &QSpinBox::editingFinished, this, [this] { setPollInterval(poll_->value()); });
    connect(units_, &QComboBox::activated, this,
            [this] { setUnits(units_->currentData().toString()); });
    connect(language_, &QComboBox::activated, this,
            [this] { setLanguage(language_->currentData().toString()); });
    connect(defaults_, &JobDefaultsBox::applied, this, [this](const QString& problem) {
        report(problem.isEmpty() ? tr("Saved.") : problem, !problem.isEmpty());
    });
}

QString SettingsPage::status() const {
    return status_->text();
}

QString SettingsPage::dataDirectoryProblem(const QString& dir) {
    if (dir.isEmpty()) return {};
    const QFileInfo info(dir);
    if (!info.isAbsolute()) return tr("%1 is not an absolute path.").arg(dir);
    if (info.exists()) {
        if (!info.isDir()) return tr("%1 is not a folder.").arg(dir);
        if (!canWriteIn(info.absoluteFilePath())) return tr("%1 is not writable.").arg(dir);
        return {};
    }
    // The folder is created at the next start: its nearest existing parent must take it.
    QDir parent(info.absoluteFilePath());
    while (!parent.exists() && parent.cdUp()) {
    }
    const QFileInfo p(parent.absolutePath());
    if (!p.isDir() || !canWriteIn(p.absoluteFilePath()))
        return tr("%1 cannot be created: %2 is not writable.").arg(dir, p.absoluteFilePath());
    return {};
}

bool SettingsPage::setNextDataDirectory(const QString& dir) {
    const QString clean = dir.trimmed().isEmpty() ? QString() : QDir::cleanPath(dir.trimmed());
    if (const QString why = dataDirectoryProblem(clean); !why.isEmpty()) {
        report(tr("Data directory not changed: %1").arg(why), true);
        return false;
    }
    QSettings settings;
    if (clean.isEmpty())
        settings.remove(kHomeKey);
    else
        settings.setValue(kHomeKey, clean);
    if (nextHome_->text() != clean) nextHome_->setText(clean);
    describeNextHome(clean);
    log::get("ui")->info("data directory for the next start: '{}'", clean.toStdString());
    report(clean.isEmpty() ? tr("The next start uses the default data directory.")
                           : tr("The next start uses %1.").arg(QDir::toNativeSeparators(clean)),
           false);
    return true;
}

bool SettingsPage::setPollInterval(int ms) {
    if (ms < kMinPollMs || ms > kMaxPollMs) {
        report(tr("Poll interval not changed: give %1 to %2 ms.").arg(kMinPollMs).arg(kMaxPollMs),
               true);
        const QSignalBlocker block(poll_);
        poll_->setValue(QSettings().value(kPollKey, 1000).toInt());
        return false;
    }
    if (poll_->value() != ms) {
        const QSignalBlocker block(poll_);
        poll_->setValue(ms);
    }
    QSettings settings;
    const bool changed = settings.value(kPollKey, 1000).toInt() != ms;
    settings.setValue(kPollKey, ms);
    report(tr("The live views poll every %1 ms.").arg(ms), false);
    if (changed) Q_EMIT pollIntervalChanged(ms);
    return true;
}

bool SettingsPage::setUnits(const QString& key) {
    const int at = units_->findData(key);
    if (at < 0) {
        report(tr("Units not changed: %1 is neither si nor iec.").arg(key), true);
        return false;
    }
    units_->setCurrentIndex(at);
    QSettings().setValue(kUnitsKey, key);
    setUnitSystem(unitSystemFromKey(key));
    report(tr("Sizes and rates are shown as in %1.").arg(formatRate(123.4e6)), false);
    Q_EMIT unitsChanged(key);
    return true;
}

bool SettingsPage::setLanguage(const QString& code) {
    const int at = language_->findData(code);
    if (at < 0) {
        report(tr("Language not changed: %1 is not one of the console's languages.").arg(code),
               true);
        return false;
    }
    language_->setCurrentIndex(at);
    QSettings settings;
    if (code.isEmpty())
        settings.remove(kLanguageKey);
    else
        settings.setValue(kLanguageKey, code);
    report(tr("The console starts in %1 from the next start.").arg(language_->itemText(at)), false);
    return true;
}

QString SettingsPage::startLanguage() {
    const QString code = QSettings().value(kLanguageKey).toString();
    return code.isEmpty() ? QLocale::system().name() : code;
}

QString SettingsPage::nextDataDirectoryNote() const {
    return nextNote_->message();
}

// Says what choosing `dir` means: the console opens an existing data directory, or makes a new
// one (and its catalog) there.
void SettingsPage::describeNextHome(const QString& dir) {
    if (dir.isEmpty()) {
        nextNote_->setMessage(tr("The next start uses the default data directory."));
        return;
    }
    const QString shown = QDir::toNativeSeparators(dir);
    if (QDir::cleanPath(dir) == QDir::cleanPath(QString::fromStdString(door_.home)))
        nextNote_->setMessage(tr("%1 is the data directory in use.").arg(shown));
    else if (QFileInfo::exists(dir + QStringLiteral("/catalog.db")))
        nextNote_->setMessage(
            tr("%1 holds a Tapeloom catalog: its jobs, media and devices are shown from the "
               "next start (restart the console to switch now).")
                .arg(shown));
    else
        nextNote_->setMessage(tr("%1 has no catalog: a new, empty data directory is made there at "
                                 "the next start.")
                                  .arg(shown));
}

void SettingsPage::refreshPools() {
    runBackgroundRead(&board_, this, [this, door = door_]() -> GuiContinuation {
        auto pools = readService<std::vector<client::Pool>>(
            door, "settings page pools",
            [](client::Api& api) { return api.pools(); }); // values only: not the page
        return [this, pools = std::move(pools)] { applyPools(pools); };
    });
}

void SettingsPage::applyPools(const Result<std::vector<client::Pool>>& pools) {
    if (!pools) {
        report(tr("Cannot read the pools: %1").arg(QString::fromStdString(pools.error().message)),
               true);
        return;
    }
    QStringList names;
    for (const auto& p : pools.value())
        names << QString::fromStdString(p.name);
    defaults_->setPools(names);
}

void SettingsPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refreshPools();
}

void SettingsPage::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) describeTheme();
}

void SettingsPage::describeTheme() {
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    theme_->setText(dark ? tr("Follows the system (dark at the moment).")
                         : tr("Follows the system (light at the moment)."));
}

void SettingsPage::report(const QString& message, bool problem) {
    if (problem) log::get("ui")->warn("settings page: {}", message.toStdString());
    status_->setText(message);
    status_->setForegroundRole(problem ? QPalette::Highlight : QPalette::WindowText);
}

} // namespace tl::ui
