#pragma once
// A job's report as files for people who were not at the console: CSV (the summary figures,
// the volumes and sources, every problem with a file, then the recorded series) and PDF (the
// same summary, the problems and the graphs on A4). The texts are in the console's language,
// the CSV's field names and values are the stable codes of `tapeloom-cli jobs show --json`.
// GUI thread only (the PDF is drawn with QTextDocument).
#include <QCoreApplication>
#include <QImage>
#include <QString>

#include "job/job_record.h"
#include "metrics/series.h"

namespace tl::ui {

class JobExport {
    Q_DECLARE_TR_FUNCTIONS(JobExport)
public:
    JobExport(job::JobRecord job, metrics::SeriesSet series)
        : job_(std::move(job)), series_(std::move(series)) {}

    // "Backup job 3 (nightly)", as the title of the PDF and of the graphs.
    QString title() const;
    const metrics::SeriesSet& series() const { return series_; }
    QString csv() const;
    // Writes the PDF with `graphs` (may be null: no graphs recorded); false when it cannot.
    bool writePdf(const QString& path, const QImage& graphs) const;

private:
    QString html(bool withGraphs) const;

    job::JobRecord job_;
    metrics::SeriesSet series_;
};

} // namespace tl::ui
