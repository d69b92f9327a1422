#include "pages/restore/restore_source_picker.h"

#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "agent/client_registry.h"
#include "bridge/engine_task.h"

namespace tl::ui {

namespace {
constexpr const char* kAllClients = "*";
constexpr std::int64_t kNewestJobs = 5000; // the backups listed, newest first

// The client of a source ("" for this machine's).
QString client_of(const std::string& source) {
    auto parts = agent::split_client_source(source);
    return parts ? QString::fromStdString(parts->first) : QString();
}
} // namespace

// What a refresh reads through the door: the newest finished backups (newest first), the
// file-tree save sets, the clients added.
struct RestoreSourcePicker::Lists {
    std::vector<client::JobRow> backups;
    std::vector<client::Saveset> savesets;
    std::vector<std::string> clients;
};

namespace {
Result<std::vector<client::JobRow>> newest_backups(client::Api& api) {
    auto head = api.jobs(1, 0);
    if (!head) return head.error();
    const std::int64_t offset = std::max<std::int64_t>(0, head->total - kNewestJobs);
    auto page = api.jobs(kNewestJobs, offset);
    if (!page) return page.error();
    std::vector<client::JobRow> out;
    for (auto it = page->rows.rbegin(); it != page->rows.rend(); ++it)
        if (it->kind == "backup" && it->status != "running" && it->status != "waiting")
            out.push_back(*it);
    return out;
}
} // namespace

RestoreSourcePicker::RestoreSourcePicker(DoorAddress door, QWidget* parent)
    : QWidget(parent), door_(std::move(door)),
      byJob_(new QRadioButton(tr("From a backup &job:"), this)),
      bySource_(new QRadioButton(tr("From a &source as of:"), this)), jobs_(new QComboBox(this)),
      sources_(new QComboBox(this)), at_(new QDateTimeEdit(QDateTime::currentDateTime(), this)),
      now_(new QPushButton(tr("Now"), this)), show_(new QPushButton(tr("&Show files"), this)),
      clients_(new QComboBox(this)) {
    byJob_->setChecked(true);
    clients_->setAccessibleName(tr("Client whose backups are listed"));
    clients_->addItem(tr("All machines"), QString::fromLatin1(kAllClients));
    clients_->addItem(tr("This machine"), QString());
    clients_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
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
    auto* clientLabel = new QLabel(tr("C&lient:"), this);
    clientLabel->setBuddy(clients_);
    grid->addWidget(clientLabel, 0, 0);
    grid->addWidget(clients_, 0, 1, 1, 3, Qt::AlignLeft);
    grid->addWidget(byJob_, 1, 0);
    grid->addWidget(jobs_, 1, 1, 1, 3);
    grid->addWidget(bySource_, 2, 0);
    grid->addWidget(sources_, 2, 1);
    grid->addWidget(at_, 2, 2);
    grid->addWidget(now_, 2, 3);
    grid->addWidget(show_, 1, 4, 2, 1);
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
    connect(clients_, &QComboBox::activated, this, [this] {
        applyClient();
        choose();
    });
}

void RestoreSourcePicker::setTimeQuietly(const QDateTime& t) {
    settingTime_ = true;
    at_->setDateTime(t);
    settingTime_ = false;
}

void RestoreSourcePicker::refresh() {
    if (followNow_) setTimeQuietly(QDateTime::currentDateTime());
    ++refreshing_;
    runBackgroundRead(nullptr, this, [door = door_, this]() -> GuiContinuation {
        auto lists = std::make_shared<Result<Lists>>(readService<Lists>(
            door, "restore page: the backups", [](client::Api& api) -> Result<Lists> {
                Lists l;
                auto backups = newest_backups(api);
                if (!backups) return backups.error();
                l.backups = std::move(backups.value());
                auto savesets = api.savesets({});
                if (!savesets) return savesets.error();
                l.savesets = std::move(savesets.value());
                auto clients = api.clients();
                if (!clients) return clients.error();
                for (const auto& c : clients.value())
                    l.clients.push_back(c.name);
                return l;
            }));
        return [this, lists] {
            --refreshing_;
            if (!*lists) {
                Q_EMIT refreshed(QString::fromStdString(lists->error().message));
                return;
            }
            showLists(lists->value());
            Q_EMIT refreshed(QString());
        };
    });
}

void RestoreSourcePicker::showLists(const Lists& lists) {
    std::map<qint64, std::set<QString>> machines; // per job: its clients, "" for this machine
    std::set<std::string> sources;
    for (const auto& s : lists.savesets) {
        machines[s.job].insert(client_of(s.source));
        sources.insert(s.source);
    }
    allJobs_.clear();
    const QLocale loc;
    for (const auto& j : lists.backups) {
        Job job{j.id, {}, {}, machines[j.id].empty()};
        for (const auto& m : machines[j.id]) {
            if (m.isEmpty())
                job.local = true;
            else
                job.clients << m;
        }
        const QString when =
            loc.toString(QDateTime::fromSecsSinceEpoch(j.started), QLocale::ShortFormat);
        job.text =
            tr("Job %1 — %2, %3 (%4)")
                .arg(j.id)
                .arg(when, QString::fromStdString(j.level), QString::fromStdString(j.status));
        if (!j.name.empty()) job.text += QStringLiteral(" ") + QString::fromStdString(j.name);
        if (!job.clients.isEmpty())
            job.text += QStringLiteral(" — ") + tr("client %1").arg(job.clients.join(", "));
        allJobs_.push_back(std::move(job));
    }
    allSources_.clear();
    QStringList fromSources;
    for (const auto& source : sources) {
        allSources_ << QString::fromStdString(source);
        if (const QString c = client_of(source); !c.isEmpty()) fromSources << c;
    }
    added_.clear();
    for (const auto& c : lists.clients)
        added_ << QString::fromStdString(c);
    fromSources << added_;
    refreshClients(fromSources);
    applyClient();
}

// The Client box: all, this machine, then every client added or backed up, by name.
void RestoreSourcePicker::refreshClients(const QStringList& names) {
    QStringList sorted = names;
    sorted.removeDuplicates();
    sorted.sort();
    const QString current = client();
    while (clients_->count() > 2)
        clients_->removeItem(2);
    for (const auto& n : sorted)
        clients_->addItem(n, n);
    const int keep = clients_->findData(current);
    clients_->setCurrentIndex(keep >= 0 ? keep : 0);
}

void RestoreSourcePicker::applyClient() {
    const QString wanted = client();
    const bool all = wanted == QLatin1String(kAllClients);
    const qint64 current = jobs_->currentData().toLongLong();
    jobs_->clear();
    for (const auto& j : allJobs_)
        if (all || (wanted.isEmpty() ? j.local : j.clients.contains(wanted)))
            jobs_->addItem(j.text, QVariant::fromValue<qint64>(j.id));
    const int keep = jobs_->findData(QVariant::fromValue<qint64>(current));
    if (keep >= 0) jobs_->setCurrentIndex(keep);
    const QString src = sources_->currentText();
    sources_->clear();
    for (const auto& source : allSources_)
        if (all || client_of(source.toStdString()) == wanted) sources_->addItem(source);
    if (!src.isEmpty() && (all || client_of(src.toStdString()) == wanted))
        sources_->setCurrentText(src);
}

QString RestoreSourcePicker::client() const {
    return clients_->currentIndex() < 0 ? QString::fromLatin1(kAllClients)
                                        : clients_->currentData().toString();
}

bool RestoreSourcePicker::chooseClient(const QString& name) {
    const int i = clients_->findData(name);
    if (i < 0) return false;
    clients_->setCurrentIndex(i);
    applyClient();
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
