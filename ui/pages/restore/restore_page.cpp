#include "pages/restore/restore_page.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

#include "agent/client_registry.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "models/restore_tree_model.h"
#include "pages/restore/key_import_dialog.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_search_panel.h"
#include "pages/restore/restore_source_picker.h"
#include "pages/restore/restore_target_panel.h"
#include "pages/restore/restore_versions_panel.h"
#include "widgets/empty_hint.h"

namespace tl::ui {

namespace {
// Merges `add` into `into` by save set: paths are joined; an empty list (the whole source) wins.
void merge(std::vector<RestoreRequest>& into, const std::vector<RestoreRequest>& add) {
    for (const auto& r : add) {
        auto it = std::find_if(into.begin(), into.end(), [&](const RestoreRequest& x) {
            return x.saveset_id == r.saveset_id;
        });
        if (it == into.end()) {
            into.push_back(r);
        } else if (it->paths.empty() || r.paths.empty()) {
            it->paths.clear();
        } else {
            for (const auto& p : r.paths)
                if (std::find(it->paths.begin(), it->paths.end(), p) == it->paths.end())
                    it->paths.push_back(p);
        }
    }
}
} // namespace

RestorePage::RestorePage(const ConsoleContext& context, QWidget* parent)
    : QWidget(parent), context_(context), runner_(new RestoreRunner(context.door, this)),
      picker_(new RestoreSourcePicker(context.door, this)),
      model_(new RestoreTreeModel(context.door, 1000, this)), tree_(new QTreeView(this)),
      search_(new RestoreSearchPanel(model_, this)),
      versions_(new RestoreVersionsPanel(context.door, this)),
      target_(new RestoreTargetPanel(this)), report_(new RestoreReportView(this)),
      planButton_(new QPushButton(tr("&Plan"), this)),
      startButton_(new QPushButton(tr("Start restore"), this)),
      cancelButton_(new QPushButton(tr("&Cancel"), this)), poll_(new QTimer(this)) {
    if (context.door.isRemote()) target_->setServiceHost(remoteHost(context.door));
    tree_->setModel(model_);
    tree_->setAccessibleName(tr("Files of the chosen backup"));
    tree_->setUniformRowHeights(true);
    tree_->header()->setStretchLastSection(false);
    tree_->header()->setSectionResizeMode(RestoreTreeModel::Name, QHeaderView::Stretch);
    // At least as wide as their titles (in German too).
    for (const auto& [column, width] :
         {std::pair{RestoreTreeModel::Size, 90}, std::pair{RestoreTreeModel::Modified, 140},
          std::pair{RestoreTreeModel::Job, 50}})
        tree_->setColumnWidth(column, qMax(width, tree_->header()->sectionSizeHint(column)));
    hint_ = new EmptyHint(tree_, tr("Nothing to restore yet: there is no backup in the catalog. "
                                    "Back up first with File ▸ Back up now… (Ctrl+B) or a job "
                                    "on the Jobs page; its files then appear here to tick."));
    planButton_->setAccessibleName(tr("Compute the restore plan"));
    startButton_->setAccessibleName(tr("Start the restore"));
    startButton_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    startButton_->setToolTip(tr("Start the restore (Ctrl+R)"));
    cancelButton_->setAccessibleName(tr("Cancel the running restore"));
    auto* findKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_F), this);
    findKey->setContext(Qt::WindowShortcut); // only while the page is shown
    connect(findKey, &QShortcut::activated, this, [this] {
        search_->field()->setFocus(Qt::ShortcutFocusReason);
        search_->field()->selectAll();
    });

    auto* side = new QSplitter(Qt::Vertical, this);
    side->addWidget(search_);
    side->addWidget(versions_);
    auto* middle = new QSplitter(this);
    middle->addWidget(tree_);
    middle->addWidget(side);
    middle->setStretchFactor(0, 3);
    middle->setStretchFactor(1, 2);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(target_, 1);
    buttons->addWidget(planButton_);
    buttons->addWidget(startButton_);
    buttons->addWidget(cancelButton_);

    auto* box = new QVBoxLayout(this);
    box->addWidget(picker_);
    box->addWidget(middle, 3);
    box->addLayout(buttons);
    box->addWidget(report_, 1);

    // At the bottom of the list, the next page of the directory shown last.
    connect(tree_->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (value < tree_->verticalScrollBar()->maximum()) return;
        for (auto i = tree_->indexAt(QPoint(2, tree_->viewport()->height() - 2)); i.isValid();
             i = i.parent())
            if (model_->canFetchMore(i.parent())) {
                model_->fetchMore(i.parent());
                return;
            }
    });
    connect(picker_, &RestoreSourcePicker::chosen, this, &RestorePage::showView);
    connect(picker_, &RestoreSourcePicker::refreshed, this, &RestorePage::listsRead);
    connect(model_, &RestoreTreeModel::viewShown, this, &RestorePage::viewShown);
    connect(model_, &RestoreTreeModel::failed, this, &RestorePage::showProblem);
    auto selectionChanged = [this] {
        forgetOutcome(); // the plan and result were for another selection
        updateButtons();
    };
    connect(model_, &RestoreTreeModel::checksChanged, this, selectionChanged);
    connect(search_, &RestoreSearchPanel::checksChanged, this, selectionChanged);
    connect(search_, &RestoreSearchPanel::currentPathChanged, versions_,
            &RestoreVersionsPanel::showVersions);
    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& i) {
                if (!i.isValid() || i.data(RestoreTreeModel::IsDirRole).toBool()) return;
                const QString rel = i.data(RestoreTreeModel::PathRole).toString();
                versions_->showVersions(i.data(RestoreTreeModel::SourceRole).toString() +
                                        QLatin1Char('/') + rel);
            });
    connect(versions_, &RestoreVersionsPanel::versionChosen, this, &RestorePage::confirmVersion);
    connect(planButton_, &QPushButton::clicked, this, &RestorePage::plan);
    connect(startButton_, &QPushButton::clicked, this, &RestorePage::start);
    connect(cancelButton_, &QPushButton::clicked, this, [this] {
        runner_->cancel();
        report_->setStatus(tr("Cancelling…"));
    });
    connect(runner_, &RestoreRunner::planned, this, [this](const RestorePlanSummary& p) {
        if (p.ok && !p.missingKeys.isEmpty()) { // nothing ran
            poll_->stop();
            askForKey(p.missingKeys.front());
            updateButtons();
            return;
        }
        report_->showPlan(p);
        if (runner_->isRunning() && p.ok) report_->showRunning(p.bytesWanted);
        if (!p.ok) showProblem(p.error);
        if (!runner_->isRunning()) {
            if (p.ok) report_->setStatus(tr("Plan ready."));
            updateButtons();
        }
    });
    connect(runner_, &RestoreRunner::finished, this, [this](const RestoreSummary& r) {
        poll_->stop();
        report_->showResult(r);
        updateButtons();
        Q_EMIT finished(r);
    });
    poll_->setInterval(250);
    connect(poll_, &QTimer::timeout, this, [this] { report_->showProgress(runner_->progress()); });
    confirm_ = [this](const QString& question) {
        return QMessageBox::question(this, tr("Restore"), question,
                                     QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::No) == QMessageBox::Yes;
    };
    updateButtons();
}

RestorePage::~RestorePage() = default;

void RestorePage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
    // Where the volumes are may have changed while the page was hidden: plan again.
    if (report_->hasPlan() && report_->resultText().isEmpty() && !runner_->isRunning()) {
        forgetOutcome();
        plan();
    }
}

void RestorePage::forgetOutcome() {
    if (runner_->isRunning()) return;
    const bool had = report_->hasPlan() || !report_->resultText().isEmpty();
    report_->clearOutcome();
    if (had) Q_EMIT outcomeCleared();
}

void RestorePage::refresh() {
    picker_->refresh();
}

void RestorePage::listsRead(const QString& error) {
    if (!error.isEmpty()) {
        showProblem(tr("Cannot list the backups: %1").arg(error));
        return;
    }
    target_->setClients(picker_->addedClients());
    if (!shownOnce_ && picker_->jobCount() > 0) {
        shownOnce_ = true;
        picker_->choose(); // the newest backup job
    }
}

void RestorePage::showView(qint64 jobId, const QString& source, qint64 at) {
    search_->clear();
    versions_->showVersions({});
    viewJob_ = jobId;
    viewSource_ = source;
    model_->setView(jobId, source, at);
    report_->setStatus(tr("Reading the files of the chosen backup…"));
    updateButtons();
}

void RestorePage::viewShown() {
    report_->setStatus(viewJob_ ? tr("Showing backup job %1.").arg(viewJob_)
                                : tr("Showing %1 as of the chosen time.").arg(viewSource_));
    if (model_->rowCount() == 1) tree_->expand(model_->index(0, 0));
    updateButtons();
}

std::vector<job::RestoreOptions> RestorePage::plannedRuns() const {
    return plannedRuns(nullptr);
}

std::vector<std::string> RestorePage::plannedClients() const {
    std::vector<std::string> clients;
    plannedRuns(&clients);
    return clients;
}

std::vector<job::RestoreOptions> RestorePage::plannedRuns(std::vector<std::string>* clients) const {
    auto requests = model_->selection();
    merge(requests, search_->selection());
    std::vector<job::RestoreOptions> runs;
    const std::string chosen = target_->client().toStdString();
    for (const auto& r : requests) {
        if (clients) {
            auto own = agent::split_client_source(r.source);
            clients->push_back(!chosen.empty() ? chosen : own ? own->first : std::string());
        }
        job::RestoreOptions o;
        o.what.saveset_id = r.saveset_id;
        o.what.paths = r.paths;
        o.to = target_->target().toStdString();
        o.existing = target_->policy();
        runs.push_back(std::move(o));
    }
    return runs;
}

void RestorePage::askForKey(const QString& keyId) {
    fail(tr("The chosen files are encrypted with key %1, which is not in the key store: import "
            "it to continue.")
             .arg(keyId));
    if (keyPrompt_) keyPrompt_->close();
    keyPrompt_ = new KeyImportDialog(context_.door, keyId, this);
    keyPrompt_->setAttribute(Qt::WA_DeleteOnClose);
    connect(keyPrompt_, &QDialog::accepted, this, [this] {
        report_->setStatus(QString());
        launch(lastRuns_, lastRun_, lastClients_); // asks again if yet another key is missing
    });
    keyPrompt_->open();
}

bool RestorePage::launch(const std::vector<job::RestoreOptions>& runs, bool run,
                         const std::vector<std::string>& clients) {
    QString error;
    const bool ok = run ? runner_->start(runs, &error, clients) : runner_->plan(runs, &error);
    if (!ok) {
        fail(error);
        return false;
    }
    lastRuns_ = runs;
    lastRun_ = run;
    lastClients_ = clients;
    if (run) {
        report_->showRunning(0);
        poll_->start();
    } else {
        report_->setStatus(tr("Computing the plan…"));
    }
    updateButtons();
    return true;
}

bool RestorePage::plan() {
    return launch(plannedRuns(), false);
}

bool RestorePage::start() {
    std::vector<std::string> clients;
    const auto runs = plannedRuns(&clients);
    if (!targetChosen()) return false;
    log::get("ui")->info(
        "restore started from the console: {} source(s) to '{}'{}", runs.size(),
        target_->target().toStdString(),
        target_->client().isEmpty() ? "" : " on client " + target_->client().toStdString());
    return launch(runs, true, clients);
}

bool RestorePage::restoreVersion(qint64 jobId, const QString& source, const QString& relativePath) {
    if (!targetChosen()) return false;
    job::RestoreOptions o;
    o.what.job_id = jobId;
    if (!relativePath.isEmpty()) o.what.paths.push_back(relativePath.toStdString());
    o.to = target_->target().toStdString();
    o.existing = target_->policy();
    log::get("ui")->info("restoring {} / {} as of job {}", source.toStdString(),
                         relativePath.toStdString(), jobId);
    std::string client = target_->client().toStdString();
    if (auto own = agent::split_client_source(source.toStdString()); client.empty() && own)
        client = own->first;
    return launch({o}, true, {client});
}

bool RestorePage::confirmVersion(qint64 jobId, const QString& source, const QString& relativePath) {
    if (!targetChosen()) return false;
    const QString file = relativePath.isEmpty() ? source : source + QLatin1Char('/') + relativePath;
    const QString where =
        target_->anotherFolder()
            ? tr("into %1 (as %2)").arg(target_->target(), target_->target() + file)
            : tr("to its original location %1").arg(file);
    QString existing;
    switch (target_->policy()) {
    case job::ExistingPolicy::Skip:
        existing = tr("kept and the restored one skipped");
        break;
    case job::ExistingPolicy::Overwrite:
        existing = tr("overwritten");
        break;
    case job::ExistingPolicy::KeepNewer:
        existing = tr("kept if it is newer");
        break;
    case job::ExistingPolicy::Rename:
        existing = tr("kept and the restored one renamed");
        break;
    }
    const QString question =
        tr("Restore %1 as backed up by job %2 %3?\nA file already there is %4.")
            .arg(file)
            .arg(jobId)
            .arg(where, existing);
    if (!confirm_(question)) {
        report_->setStatus(tr("Restore of %1 not started.").arg(file));
        return false;
    }
    return restoreVersion(jobId, source, relativePath);
}

bool RestorePage::targetChosen() {
    if (!target_->anotherFolder() || !target_->target().isEmpty()) return true;
    fail(tr("Choose the folder to restore into."));
    return false;
}

void RestorePage::fail(const QString& message) {
    log::get("ui")->error("restore page: {}", message.toStdString());
    showProblem(message);
}

void RestorePage::showProblem(const QString& message) {
    report_->setStatus(message);
    if (auto* board = runner_->board())
        board->clearWhenEnded(this, message, [this, message] {
            if (report_->statusText() == message) report_->setStatus(QString());
        });
}

void RestorePage::updateButtons() {
    const bool running = runner_->isRunning();
    const bool any = !running && !model_->selectionPending() && !plannedRuns().empty();
    planButton_->setEnabled(any);
    startButton_->setEnabled(any);
    cancelButton_->setEnabled(running);
}

} // namespace tl::ui
