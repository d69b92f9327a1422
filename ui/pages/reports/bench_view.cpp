#include "pages/reports/bench_view.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "common/log.h"
#include "models/json_table_model.h"
#include "widgets/plot_style.h"

namespace tl::ui {

namespace {
struct BenchKind {
    const char* name;
    const char* defaults;
    bool needsPaths;
};
// Quick defaults: each finishes in about a minute on a small machine; the seeds' full sizes
// are in docs/benchmarks.md.
const BenchKind kKinds[] = {
    {"multiplex",
     "--drives 1,2,4 --sessions-per-drive 4 --source-rate 4.5M --drive-rate 11M --size 32M", false},
    {"read", "--concurrency 1,2,4,8", true},
    {"blocksize", "--sizes 64K,256K,1M --size 128M --repeat 1", false},
    {"compression", "--codecs none,lz4,zstd:1,zstd:3,gzip:1,gzip:6 --max 64M", true},
};
} // namespace

BenchView::BenchView(const QString& cli, QWidget* parent)
    : QWidget(parent), cli_(cli), kind_(new QComboBox(this)), paths_(new QLineEdit(this)),
      args_(new QLineEdit(this)), run_(new QPushButton(tr("&Run"), this)),
      cancel_(new QPushButton(tr("Ca&ncel"), this)), status_(new QLabel(this)),
      command_(new QLabel(this)), model_(new JsonTableModel(this)),
      tableView_(new QTableView(this)), chart_(new QCustomPlot(this)),
      log_(new QPlainTextEdit(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    for (const auto& k : kKinds)
        kind_->addItem(QString::fromLatin1(k.name));
    kind_->setAccessibleName(tr("Benchmark"));
    form->addRow(tr("&Benchmark:"), kind_);
    paths_->setPlaceholderText(tr("files or folders to read, separated by spaces"));
    form->addRow(tr("&Data:"), paths_);
    form->addRow(tr("&Options:"), args_);
    layout->addLayout(form);
    auto* bar = new QHBoxLayout;
    bar->addWidget(run_);
    bar->addWidget(cancel_);
    bar->addWidget(status_, 1);
    layout->addLayout(bar);
    command_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    command_->setWordWrap(true);
    layout->addWidget(command_);

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(Qt::UserRole);
    tableView_->setModel(proxy);
    tableView_->setSortingEnabled(true);
    tableView_->verticalHeader()->hide();
    tableView_->setAlternatingRowColors(true);
    tableView_->setAccessibleName(tr("Benchmark results"));
    chart_->setMinimumHeight(220);
    chart_->setAccessibleName(tr("Benchmark chart"));
    applyPlotStyle(chart_);
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(2000);
    log_->setAccessibleName(tr("Benchmark messages"));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(tableView_);
    split->addWidget(chart_);
    split->addWidget(log_);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    layout->addWidget(split, 1);
    cancel_->setEnabled(false);

    auto updateKind = [this](int i) {
        args_->setText(QString::fromLatin1(kKinds[i].defaults));
        paths_->setEnabled(kKinds[i].needsPaths);
    };
    connect(kind_, &QComboBox::currentIndexChanged, this, updateKind);
    updateKind(0);
    connect(run_, &QPushButton::clicked, this, &BenchView::run);
    connect(cancel_, &QPushButton::clicked, this, &BenchView::cancel);
    connect(&process_, &QProcess::readyReadStandardError, this, [this] {
        log_->appendPlainText(QString::fromUtf8(process_.readAllStandardError()).trimmed());
    });
    connect(&process_, &QProcess::finished, this, &BenchView::done);
    connect(&process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart) return;
        const QString msg = tr("Cannot start %1: %2").arg(cli_, process_.errorString());
        log::get("ui")->error("{}", msg.toStdString());
        status_->setText(msg);
        run_->setEnabled(true);
        cancel_->setEnabled(false);
        Q_EMIT finished(false);
    });
}

void BenchView::setBench(const QString& kind, const QString& arguments, const QString& paths) {
    const int i = kind_->findText(kind);
    if (i >= 0) kind_->setCurrentIndex(i);
    args_->setText(arguments);
    paths_->setText(paths);
}

QString BenchView::statusText() const {
    return status_->text();
}

void BenchView::run() {
    if (isRunning()) return;
    const auto& k = kKinds[kind_->currentIndex()];
    QStringList args{QStringLiteral("bench"), QString::fromLatin1(k.name)};
    if (k.needsPaths) {
        const auto paths = paths_->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (paths.isEmpty()) {
            status_->setText(tr("Give the files or folders to read."));
            paths_->setFocus();
            return;
        }
        args << paths;
    }
    args << args_->text().split(QLatin1Char(' '), Qt::SkipEmptyParts) << QStringLiteral("--json");
    command_->setText(QStringLiteral("tapeloom-cli ") + args.join(QLatin1Char(' ')));
    log_->clear();
    status_->setText(tr("Running… (throttled benchmarks run in real time)"));
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    process_.start(cli_, args);
}

void BenchView::cancel() {
    if (!isRunning()) return;
    process_.terminate();
    if (!process_.waitForFinished(3000)) process_.kill();
}

void BenchView::done(int exitCode, QProcess::ExitStatus status) {
    run_->setEnabled(true);
    cancel_->setEnabled(false);
    const QByteArray out = process_.readAllStandardOutput();
    if (status != QProcess::NormalExit || exitCode != 0) {
        const QString msg =
            status == QProcess::NormalExit
                ? tr("The benchmark failed (exit %1); see the messages below.").arg(exitCode)
                : tr("The benchmark was stopped.");
        status_->setText(msg);
        log::get("ui")->warn("{}", msg.toStdString());
        Q_EMIT finished(false);
        return;
    }
    const auto j = nlohmann::ordered_json::parse(out.toStdString(), nullptr, false);
    nlohmann::ordered_json rows;
    if (j.is_object() && j.contains("levels"))
        rows = j["levels"];
    else if (j.is_object() && j.contains("codecs"))
        rows = j["codecs"];
    if (!rows.is_array()) {
        status_->setText(tr("The benchmark's output has no table."));
        Q_EMIT finished(false);
        return;
    }
    model_->setRows(rows);
    const QString kind = kind_->currentText();
    if (kind == QLatin1String("multiplex"))
        drawChart(QStringLiteral("drives"),
                  {QStringLiteral("sustained_mb_s"), QStringLiteral("wall_mb_s"),
                   QStringLiteral("predicted_mb_s")});
    else if (kind == QLatin1String("read"))
        drawChart(QStringLiteral("concurrency"), {QStringLiteral("mb_s")});
    else if (kind == QLatin1String("blocksize"))
        drawChart(QStringLiteral("block_size"), {QStringLiteral("mb_s")});
    else
        drawChart(QStringLiteral("codec"), {QStringLiteral("mb_s"), QStringLiteral("needed_mb_s")});
    status_->setText(tr("Done: %1 rows").arg(model_->rowCount()));
    Q_EMIT finished(true);
}

void BenchView::drawChart(const QString& label, const QStringList& valueKeys) {
    chart_->clearPlottables();
    const int labelCol = model_->column(label);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int r = 0; r < model_->rowCount(); ++r)
        ticker->addTick(r + 1, model_->index(r, std::max(0, labelCol)).data().toString());
    chart_->xAxis->setTicker(ticker);
    chart_->xAxis->setLabel(label);
    chart_->yAxis->setLabel(tr("MB/s"));
    auto* group = new QCPBarsGroup(chart_);
    double top = 1;
    int i = 0;
    for (const auto& key : valueKeys) {
        const int col = model_->column(key);
        if (col < 0) continue;
        auto* bars = new QCPBars(chart_->xAxis, chart_->yAxis);
        bars->setName(key);
        bars->setPen(Qt::NoPen);
        bars->setBrush(seriesColor(i++));
        bars->setWidth(0.8 / std::max<qsizetype>(1, valueKeys.size()));
        bars->setBarsGroup(group);
        for (int r = 0; r < model_->rowCount(); ++r) {
            const double v = model_->number(r, col);
            bars->addData(r + 1, v);
            top = std::max(top, v);
        }
    }
    chart_->legend->setVisible(true);
    chart_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    chart_->xAxis->setRange(0.4, model_->rowCount() + 0.6);
    chart_->yAxis->setRange(0, top * 1.15);
    chart_->replot();
}

} // namespace tl::ui
