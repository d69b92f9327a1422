#include "pages/restore/restore_source_picker.h"

#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QGridLayout>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>

#include "api/catalog_ops.h"
#include "catalog/job_store.h"
#include "catalog/saveset_store.h"
#include "common/log.h"

namespace tl::ui {

RestoreSourcePicker::RestoreSourcePicker(QString catalogPath, QWidget* parent)
    : QWidget(parent), path_(std::move(catalogPath)),
      byJob_(new QRadioButton(tr("From a backup &job:"), this)),
      bySource_(new QRadioButton(tr("From a &source as of:"), this)), jobs_(new QComboBox(this)),
      sources_(new QComboBox(this)), at_(new QDateTimeEdit(QDateTime::currentDateTime(), this)),
      now_(new QPushButton(tr("Now"), this)), show_(new QPushButton(tr("&Show files"), this)) {
    byJob_->setChecked(true);
    sources_->setEditable(true);
    jobs_->setAccessibleName(tr("Backup job"));
    sources_->setAccessibleName(tr("Backed-up source"));
    at_->setAccessibleName(tr("Point in time"));
    at_->setCalendarPopup(true);
    at_->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    now_->setAccessibleName(tr("Set the point in time to now"));
    show_->setAccessibleName(tr("Show the files of this choice"));
    jobs_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    sources_->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(byJob_, 0, 0);
    grid->addWidget(jobs_, 0, 1, 1, 3);
    grid->addWidget(bySource_, 1, 0);
    grid->addWidget(sources_, 1, 1);
    grid->addWidget(at_, 1, 2);
    grid->addWidget(now_, 1, 3);
    grid->addWidget(show_, 0, 4, 2, 1);
    grid->setColumnStretch(1, 1);

    auto sync = [this] {
        jobs_->setEnabled(byJob_->isChecked());
        sources_->setEnabled(bySource_->isChecked());
        at_->setEnabled(bySource_->isChecked());
        now_->setEnabled(bySource_->isChecked());
    };
    connect(byJob_, &QRadioButton::toggled, this, sync);
    sync();
    connect(now_, &QPushButton::clicked, this, [this] {
        followNow_ = true;
        setTimeQuietly(QDateTime::currentDateTime());
    });
    connect(at_, &QDateTimeEdit::dateTimeChanged, this, [this] {
        if (!settingTime_) followNow_ = false; // the user picked a time: keep it
    });
    connect(show_, &QPushButton::clicked, this, &RestoreSourcePicker::choose);
    connect(jobs_, &QComboBox::activated, this, [this] { choose(); });
}

void RestoreSourcePicker::setTimeQuietly(const QDateTime& t) {
    settingTime_ = true;
    at_->setDateTime(t);
    settingTime_ = false;
}

bool RestoreSourcePicker::refresh(QString* error) {
    if (followNow_) setTimeQuietly(QDateTime::currentDateTime());
    auto fail = [&](const std::string& msg) {
        log::get("ui")->error("restore page: cannot list the backups: {}", msg);
        if (error) *error = QString::fromStdString(msg);
        return false;
    };
    auto db = CatalogHandle::open(path_.toStdString(), false);
    if (!db) return fail(db.error().message);
    catalog::JobQuery query;
    query.kind = "backup";
    query.finished_only = true;
    query.order = catalog::JobOrder::LatestStartedFirst;
    query.limit = 5000;
    auto backups = catalog::list_jobs(db.value(), query);
    if (!backups) return fail(backups.error().message);
    const qint64 current = jobs_->currentData().toLongLong();
    jobs_->clear();
    const QLocale loc;
    for (const auto& j : backups.value()) {
        const QString when =
            loc.toString(QDateTime::fromSecsSinceEpoch(j.started), QLocale::ShortFormat);
        QString text =
            tr("Job %1 — %2, %3 (%4)")
                .arg(j.id)
                .arg(when, QString::fromStdString(j.level), QString::fromStdString(j.status));
        if (!j.name.empty()) text += QStringLiteral(" ") + QString::fromStdString(j.name);
        jobs_->addItem(text, QVariant::fromValue<qint64>(j.id));
    }
    const int keep = jobs_->findData(QVariant::fromValue<qint64>(current));
    if (keep >= 0) jobs_->setCurrentIndex(keep);
    auto sources = catalog::file_sources(db.value());
    if (!sources) return fail(sources.error().message);
    const QString src = sources_->currentText();
    sources_->clear();
    for (const auto& source : sources.value())
        sources_->addItem(QString::fromStdString(source));
    if (!src.isEmpty()) sources_->setCurrentText(src);
    return true;
}

int RestoreSourcePicker::jobCount() const {
    return jobs_->count();
}

bool RestoreSourcePicker::chooseJob(qint64 id) {
    const int i = jobs_->findData(QVariant::fromValue<qint64>(id));
    if (i < 0) return false;
    byJob_->setChecked(true);
    jobs_->setCurrentIndex(i);
    choose();
    return true;
}

void RestoreSourcePicker::chooseSource(const QString& source, qint64 at) {
    bySource_->setChecked(true);
    sources_->setCurrentText(source);
    followNow_ = at <= 0;
    setTimeQuietly(at > 0 ? QDateTime::fromSecsSinceEpoch(at) : QDateTime::currentDateTime());
    choose();
}

void RestoreSourcePicker::choose() {
    if (byJob_->isChecked()) {
        if (jobs_->currentIndex() >= 0) Q_EMIT chosen(jobs_->currentData().toLongLong(), {}, 0);
        return;
    }
    if (followNow_) setTimeQuietly(QDateTime::currentDateTime());
    if (!sources_->currentText().isEmpty())
        Q_EMIT chosen(0, sources_->currentText(), at_->dateTime().toSecsSinceEpoch());
}

} // namespace tl::ui
