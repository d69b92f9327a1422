#include "pages/media/volume_details.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "pages/media/media_text.h"
#include "pages/media/volume_detail_models.h"

namespace tl::ui {

namespace {
QTableView* table(QAbstractItemModel* model, const QString& name, QWidget* parent) {
    auto* v = new QTableView(parent);
    v->setModel(model);
    v->setAccessibleName(name);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->verticalHeader()->hide();
    v->setWordWrap(false);
    v->horizontalHeader()->setStretchLastSection(true);
    v->setEditTriggers(QAbstractItemView::NoEditTriggers);
    return v;
}
} // namespace

VolumeDetails::VolumeDetails(DoorAddress door, TaskBoard* board, QWidget* parent)
    : QWidget(parent), door_(std::move(door)), board_(board), title_(new QLabel(this)),
      fields_(new QLabel(this)), error_(new QLabel(this)), history_(new VolumeHistoryModel(this)),
      jobs_(new VolumeJobsModel(this)),
      historyView_(table(history_, tr("State history of the volume"), this)),
      jobsView_(table(jobs_, tr("Jobs on the volume"), this)) {
    QFont f = title_->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.2);
    title_->setFont(f);
    fields_->setTextFormat(Qt::PlainText);
    fields_->setWordWrap(true);
    fields_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fields_->setAccessibleName(tr("Volume fields"));
    error_->setWordWrap(true);
    error_->hide();
    MediaText::styleProblem(error_);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(title_);
    box->addWidget(fields_);
    box->addWidget(error_);
    box->addWidget(new QLabel(tr("History"), this));
    box->addWidget(historyView_, 2);
    box->addWidget(new QLabel(tr("Jobs on it (double-click for the report)"), this));
    box->addWidget(jobsView_, 1);
    auto open = [this](const QModelIndex& i) {
        if (i.isValid()) Q_EMIT openReport(i.data(VolumeJobsModel::JobIdRole).toLongLong());
    };
    connect(jobsView_, &QTableView::doubleClicked, this, open);
    connect(jobsView_, &QTableView::activated, this, open); // Enter
    showVolume(nullptr);
}

QString VolumeDetails::fieldsText() const {
    return fields_->text();
}

namespace {
QString verdictText(const std::string& verdict) {
    if (verdict == "retire") return VolumeDetails::tr("retire it");
    if (verdict == "watch") return VolumeDetails::tr("watch it");
    return VolumeDetails::tr("ok");
}

// A volume's wear, history and jobs through the typed door; its wear is none before its first
// recorded use (NotFound).
VolumeDetailRead readDetails(const DoorAddress& door, const std::string& barcode) {
    VolumeDetailRead read;
    auto c = openClient(door);
    client::ServiceApi api(c);
    auto health = api.volume_health(barcode);
    if (health)
        read.health = std::move(health.value());
    else if (health.error().kind != ErrorKind::NotFound)
        read.error =
            QString::fromStdString(doorReadFailed(door, "volume health", health.error()).message);
    auto history = api.volume_history(barcode);
    if (!history)
        read.error =
            QString::fromStdString(doorReadFailed(door, "volume history", history.error()).message);
    else
        read.history = std::move(history->history);
    auto jobs = api.volume_jobs(barcode);
    if (!jobs)
        read.error =
            QString::fromStdString(doorReadFailed(door, "volume jobs", jobs.error()).message);
    else
        read.jobs = std::move(jobs.value());
    if (read.error.isEmpty())
        for (const char* what : {"volume health", "volume history", "volume jobs"})
            doorReadSucceeded(door, what);
    return read;
}
} // namespace

// Wear and retirement forecast (media/volume_health.h); none before its first recorded use.
QStringList VolumeDetails::healthLines(const std::vector<media::VolumeHealth>& rows) {
    if (rows.empty()) return {};
    const auto& h = rows.front();
    QStringList lines;
    lines << tr("Wear: %1 mounts, %2 written, %3 read, %4 of %5 full passes")
                 .arg(h.mounts)
                 .arg(MediaText::bytes(static_cast<qint64>(h.bytes_written)),
                      MediaText::bytes(static_cast<qint64>(h.bytes_read)),
                      QLocale().toString(h.full_passes, 'f', 3),
                      QLocale().toString(h.rated_passes, 'f', 0))
          << tr("Errors: %1 soft, %2 hard; health: %3 (%4)")
                 .arg(h.soft_errors)
                 .arg(h.hard_errors)
                 .arg(verdictText(h.verdict), QString::fromStdString(h.reason))
          << (h.retire_by
                  ? tr("Forecast: rated passes reached about %1").arg(MediaText::date(*h.retire_by))
                  : tr("Forecast: no pace yet (a day of use or more needed)"));
    return lines;
}

void VolumeDetails::showVolume(const VolumeRow* row) {
    // The page refreshes every 2 s: reload only when something changed, so a selected job
    // stays selected.
    QString key;
    if (row) {
        const auto& v = row->volume;
        key = QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8|%9")
                  .arg(QString::fromStdString(v.barcode))
                  .arg(static_cast<int>(v.state))
                  .arg(v.bytes)
                  .arg(v.jobs)
                  .arg(MediaText::location(v, row->position))
                  .arg(v.labeled)
                  .arg(v.last_written)
                  .arg(row->mounts + row->errors * 1000000)
                  .arg(row->expires);
    }
    if (!key.isEmpty() && key == shown_) return;
    shown_ = key;
    error_->hide();
    if (!row) {
        barcode_.clear();
        title_->setText(tr("No volume selected"));
        fields_->setText(tr("Select a volume to see its history and the jobs on it."));
        history_->clear();
        jobs_->clear();
        return;
    }
    const auto& v = row->volume;
    barcode_ = QString::fromStdString(v.barcode);
    title_->setText(tr("Volume %1").arg(barcode_));
    QStringList lines;
    lines << tr("Pool: %1").arg(v.pool.empty() ? tr("none") : QString::fromStdString(v.pool))
          << tr("State: %1").arg(MediaText::state(v.state))
          << tr("Location: %1").arg(MediaText::location(v, row->position));
    if (row->known) {
        lines << tr("Used: %1 of %2").arg(MediaText::bytes(v.bytes), MediaText::bytes(v.capacity))
              << tr("Jobs: %1, tape files: %2").arg(v.jobs).arg(v.next_file - 1)
              << tr("Block size: %1")
                     .arg(QLocale().formattedDataSize(v.block_size, 0, QLocale::DataSizeIecFormat))
              << tr("Labeled: %1").arg(MediaText::date(v.labeled))
              << tr("First written: %1").arg(MediaText::date(v.first_written))
              << tr("Last written: %1").arg(MediaText::date(v.last_written))
              << tr("Mounts: %1, errors: %2").arg(row->mounts).arg(row->errors);
        if (row->expires > 0)
            lines << tr("Kept data expires: %1").arg(MediaText::date(row->expires));
    } else {
        lines << tr("Not in the catalog: a blank cartridge of the library. Label it into a pool.");
    }
    fields_->setText(lines.join(QLatin1Char('\n')));
    const quint64 asked = ++asked_;
    if (!row->known) {
        history_->clear();
        jobs_->clear();
        return;
    }
    runBackgroundRead(board_, this, [this, door = door_, bc = v.barcode, lines, asked] {
        auto read = readDetails(door, bc); // values only: not the panel
        return GuiContinuation([this, read = std::move(read), lines, asked]() mutable {
            if (asked == asked_) applyDetails(std::move(read), lines);
        });
    });
}

void VolumeDetails::applyDetails(VolumeDetailRead read, const QStringList& lines) {
    fields_->setText((lines + healthLines(read.health)).join(QLatin1Char('\n')));
    history_->setRows(std::move(read.history));
    jobs_->setRows(std::move(read.jobs));
    historyView_->resizeColumnsToContents();
    jobsView_->resizeColumnsToContents();
    if (!read.error.isEmpty()) {
        error_->setText(tr("Cannot read the volume's history: %1").arg(read.error));
        error_->show();
    }
}

} // namespace tl::ui
