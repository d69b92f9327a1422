#include "pages/restore/restore_report_view.h"

#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QVBoxLayout>
#include <climits>

#include "widgets/job_text.h"
#include "widgets/message_line.h"
#include "widgets/units_format.h"

namespace tl::ui {

RestoreReportView::RestoreReportView(QWidget* parent)
    : QWidget(parent), plan_(new MessageLine(4, this)), progress_(new QProgressBar(this)),
      result_(new QPlainTextEdit(this)), status_(new MessageLine(2, this)) {
    // The plan and the status keep their height, so the buttons above never move.
    plan_->setAccessibleName(tr("Restore plan"));
    clearOutcome();
    progress_->setAccessibleName(tr("Restore progress"));
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setTextVisible(true);
    result_->setAccessibleName(tr("Restore result"));
    result_->setReadOnly(true);
    // Every line of the result stays (the restore names at most 100,000 problems) and at least
    // six of them show at any window size; the rest scroll.
    result_->setMinimumHeight(result_->fontMetrics().lineSpacing() * 6 + 2 * result_->frameWidth() +
                              int(result_->document()->documentMargin() * 2));
    status_->setAccessibleName(tr("Restore status"));
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(plan_);
    box->addWidget(progress_);
    box->addWidget(result_, 1);
    box->addWidget(status_);
}

void RestoreReportView::showPlan(const RestorePlanSummary& p) {
    hasPlan_ = p.ok;
    if (!p.ok) {
        plan_->setMessage(tr("No plan: %1").arg(p.error));
        return;
    }
    const QLocale loc;
    QStringList vols;
    for (const auto& v : p.volumes)
        vols << tr("%1 (%2%3, %n block(s))", nullptr, int(qMin<qint64>(v.blocks, INT_MAX)))
                    .arg(v.barcode, v.location,
                         v.inLibrary ? QString() : tr(" — not in the library"));
    QString text =
        tr("Plan: %n file(s), %1 wanted, %2 to read, about %3 s (%4).", nullptr,
           int(qMin<qint64>(p.files, INT_MAX)))
            .arg(formatBytes(quint64(p.bytesWanted)), formatBytes(quint64(p.bytesToRead)),
                 QString::number(p.seconds, 'f', 1),
                 p.rateMeasured ? tr("at the recent backups' rate") : tr("at an assumed rate"));
    text += QLatin1Char('\n') + tr("Volumes needed: %1").arg(vols.join(QStringLiteral("; ")));
    if (!p.missing.isEmpty())
        text += QLatin1Char('\n') + tr("Outside the library: %1 — insert them before starting.")
                                        .arg(p.missing.join(QStringLiteral(", ")));
    plan_->setMessage(text);
}

void RestoreReportView::showRunning(qint64 expectedBytes) {
    expected_ = expectedBytes;
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setFormat(tr("Restoring…"));
    result_->clear();
    status_->setMessage(tr("Restoring…"));
}

void RestoreReportView::showProgress(const RestoreProgress& p) {
    const QLocale loc;
    if (p.known && p.waiting) {
        progress_->setRange(0, 1000);
        progress_->setValue(0);
        progress_->setFormat(tr("Waiting %1 s").arg(loc.toString(p.waitedSeconds, 'f', 0)));
        status_->setMessage(tr("Job %1 waits: %2").arg(p.jobId).arg(p.waitingFor));
        return;
    }
    if (!p.known || p.bytesToRead <= 0) {
        progress_->setRange(0, 0); // activity only
        return;
    }
    progress_->setRange(0, 1000);
    progress_->setValue(int(qMin<qint64>(999, p.bytesRead * 1000 / p.bytesToRead)));
    progress_->setFormat(tr("%1 of %2 read from tape")
                             .arg(loc.formattedDataSize(qMin(p.bytesRead, p.bytesToRead)),
                                  loc.formattedDataSize(p.bytesToRead)));
    status_->setMessage(p.waitedSeconds > 0 ? tr("Restoring (job %1, after waiting %2 s)…")
                                                  .arg(p.jobId)
                                                  .arg(loc.toString(p.waitedSeconds, 'f', 1))
                                            : tr("Restoring (job %1)…").arg(p.jobId));
}

void RestoreReportView::showResult(const RestoreSummary& r) {
    const QLocale loc;
    progress_->setRange(0, 1000);
    progress_->setValue(r.status == QLatin1String("completed") ? 1000 : progress_->value());
    progress_->setFormat(JobText::status(QStringLiteral("restore"), r.status));
    QStringList lines;
    lines << tr("Status: %1").arg(JobText::status(QStringLiteral("restore"), r.status));
    if (!r.jobIds.isEmpty()) {
        QStringList ids;
        for (auto id : r.jobIds)
            ids << QString::number(id);
        lines << tr("Restore job(s): %1").arg(ids.join(QStringLiteral(", ")));
    }
    lines << tr("Files restored: %1, skipped: %2, failed: %3")
                 .arg(r.restored)
                 .arg(r.skipped)
                 .arg(r.failed)
          << tr("Bytes: %1").arg(formatBytes(quint64(r.bytes)));
    if (r.elapsed > 0) {
        // The wait for volumes or drives other jobs held is shown apart; the rate is over the
        // time the restore worked.
        const double worked = qMax(0.0, r.elapsed - r.waited);
        lines << (r.waited > 0
                      ? tr("Time: %1 s working, %2 s waiting for volumes or drives "
                           "other jobs held")
                            .arg(loc.toString(worked, 'f', 1), loc.toString(r.waited, 'f', 1))
                      : tr("Time: %1 s").arg(loc.toString(worked, 'f', 1)));
        if (worked > 0) lines << tr("Rate: %1").arg(formatRate(double(r.bytes) / worked));
    }
    if (!r.missingVolumes.isEmpty())
        lines << tr("Insert these volumes into the library: %1")
                     .arg(r.missingVolumes.join(QStringLiteral(", ")));
    if (!r.message.isEmpty()) lines << r.message;
    if (!r.problems.isEmpty()) lines << tr("Problems:") << r.problems;
    result_->setPlainText(lines.join(QLatin1Char('\n')));
    status_->setMessage(r.status == QLatin1String("completed")
                            ? tr("The restore completed.")
                            : tr("The restore ended: %1")
                                  .arg(r.message.isEmpty()
                                           ? JobText::status(QStringLiteral("restore"), r.status)
                                           : r.message));
}

void RestoreReportView::clearOutcome() {
    hasPlan_ = false;
    expected_ = 0;
    plan_->setMessage(tr("Tick files or folders, then Plan (or Start with Ctrl+R)."));
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setFormat(QString());
    result_->clear();
}

void RestoreReportView::setStatus(const QString& text) {
    status_->setMessage(text);
}
QString RestoreReportView::planText() const {
    return plan_->message();
}
QString RestoreReportView::resultText() const {
    return result_->toPlainText();
}
QString RestoreReportView::statusText() const {
    return status_->message();
}

} // namespace tl::ui
