#include "pages/jobs/jobs_page.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "bridge/typed_door.h"
#include "common/log.h"
#include "pages/jobs/definition_dialog.h"
#include "pages/jobs/definition_runner.h"
#include "pages/jobs/definition_table_model.h"
#include "pages/jobs/history_actions.h"
#include "pages/jobs/history_panel.h"
#include "pages/jobs/jobs_style.h"
#include "pages/jobs/queue_panel.h"
#include "pages/jobs/running_panel.h"
#include "pages/jobs/schedule_panel.h"
#include "pages/jobs/served_definitions.h"
#include "widgets/empty_hint.h"
#include "widgets/layout_settings.h"

namespace tl::ui {

JobsPage::JobsPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), ctx_(ctx), board_(board), runner_(new DefinitionRunner(ctx, board, this)),
      definitions_(new DefinitionTableModel(this)), proxy_(new QSortFilterProxyModel(this)),
      tabs_(new QTabWidget(this)), schedules_(new SchedulePanel(ctx, board, this)),
      running_(new RunningPanel(ctx, board, this)),
      queue_(new QueuePanel(ctx, runner_, &board, this)), history_(new HistoryPanel(ctx, this)),
      historyActions_(new HistoryActions(ctx, board, this)), status_(new QLabel(this)),
      timer_(new QTimer(this)) {
    status_->setWordWrap(true);
    status_->setAccessibleName(tr("Jobs page status"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    tabs_->addTab(buildDefinitionsTab(), tr("&Definitions"));
    tabs_->addTab(schedules_, tr("&Schedules"));
    tabs_->addTab(running_, tr("R&unning"));
    tabs_->addTab(queue_, tr("&Queue"));
    tabs_->addTab(history_, tr("&History"));
    tabs_->setAccessibleName(tr("Jobs"));
    tabs_->setCurrentIndex(QSettings().value(layoutKey(QStringLiteral("jobsPage/tab")), 0).toInt());
    auto* box = new QVBoxLayout(this);
    box->addWidget(tabs_, 1);
    box->addWidget(status_);
    createActions();
    setConfirm({});

    connect(schedules_, &SchedulePanel::message, this, &JobsPage::report);
    connect(schedules_, &SchedulePanel::changed, this, &JobsPage::refreshDefinitions);
    connect(queue_, &QueuePanel::message, this, &JobsPage::report);
    connect(running_, &RunningPanel::message, this, &JobsPage::report);
    connect(history_, &HistoryPanel::openReport, this, &JobsPage::openReport);
    connect(history_, &HistoryPanel::failed, this, [this](const QString& error) {
        report(tr("Cannot read the job history: %1").arg(error), true);
    });
    connect(history_, &HistoryPanel::verifyRequested, historyActions_, &HistoryActions::verify);
    connect(history_, &HistoryPanel::verifyCopyRequested, historyActions_,
            &HistoryActions::verifyCopy);
    connect(history_, &HistoryPanel::cloneRequested, historyActions_, &HistoryActions::clone);
    connect(historyActions_, &HistoryActions::status, this, &JobsPage::report);
    connect(historyActions_, &HistoryActions::finished, this, [this] { refreshTab(HistoryTab); });
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int tab) {
        QSettings().setValue(layoutKey(QStringLiteral("jobsPage/tab")), tab);
        refreshTab(tab);
    });
    connect(runner_, &DefinitionRunner::started, this, [this](const QString& name) {
        report(tr("%1 is running at level %2…").arg(name, level()), false);
        queue_->refresh();
        Q_EMIT jobStarted(name);
    });
    connect(runner_, &DefinitionRunner::finished, this,
            [this](qint64 jobId, const QString& name, const QString& status, const QString& error) {
                const bool bad = status == QLatin1String("failed");
                report(
                    error.isEmpty()
                        ? tr("%1 ended: %2 (job %3).").arg(name, status).arg(jobId)
                        : tr("%1 ended: %2 (job %3): %4").arg(name, status).arg(jobId).arg(error),
                    bad);
                refresh();
                Q_EMIT jobFinished(jobId, status);
            });
    timer_->setInterval(2000);
    connect(timer_, &QTimer::timeout, this, [this] { refreshTab(tabs_->currentIndex()); });
}

JobsPage::~JobsPage() = default;

QWidget* JobsPage::buildDefinitionsTab() {
    auto* tab = new QWidget(this);
    table_ = new QTableView(tab);
    proxy_->setSourceModel(definitions_);
    proxy_->setSortRole(Qt::UserRole);
    table_->setModel(proxy_);
    table_->sortByColumn(DefinitionTableModel::Name, Qt::AscendingOrder);
    setUpTable(table_, QStringLiteral("jobsPage/definitionsHeader"), tr("Job definitions"));
    hint_ = new EmptyHint(
        table_, tr("No job definitions yet. Press New… (Ctrl+N) to say what to back up, where "
                   "and when; or back up once with File ▸ Back up now… (Ctrl+B). Label blank "
                   "cartridges first on the Media page if the library has none in a pool."));
    auto* newButton = new QPushButton(tr("&New…"), tab);
    auto* editButton = new QPushButton(tr("&Edit…"), tab);
    auto* duplicateButton = new QPushButton(tr("D&uplicate…"), tab);
    auto* removeButton = new QPushButton(tr("&Remove…"), tab);
    level_ = new QComboBox(tab);
    level_->addItem(tr("Full"), QStringLiteral("full"));
    level_->addItem(tr("Differential"), QStringLiteral("diff"));
    level_->addItem(tr("Incremental"), QStringLiteral("incr"));
    setLevel(
        QSettings().value(QStringLiteral("defaults/level"), QStringLiteral("incr")).toString());
    runButton_ = new QPushButton(tr("Run no&w"), tab);
    newButton->setAccessibleName(tr("New job definition"));
    editButton->setAccessibleName(tr("Edit the selected job definition"));
    duplicateButton->setAccessibleName(tr("Duplicate the selected job definition"));
    removeButton->setAccessibleName(tr("Remove the selected job definition"));
    level_->setAccessibleName(tr("Backup level for Run now"));
    runButton_->setAccessibleName(tr("Run the selected job definition now"));
    runButton_->setToolTip(tr("Run the selected job definition now (Ctrl+R)"));
    auto* levelLabel = new QLabel(tr("&Level:"), tab);
    levelLabel->setBuddy(level_);

    auto* bar = new QHBoxLayout;
    for (auto* b : {newButton, editButton, duplicateButton, removeButton})
        bar->addWidget(b);
    bar->addStretch(1);
    bar->addWidget(levelLabel);
    bar->addWidget(level_);
    bar->addWidget(runButton_);
    auto* box = new QVBoxLayout(tab);
    box->addWidget(table_, 1);
    box->addLayout(bar);

    connect(newButton, &QPushButton::clicked, this, &JobsPage::newDefinition);
    connect(editButton, &QPushButton::clicked, this, &JobsPage::editSelected);
    connect(duplicateButton, &QPushButton::clicked, this, &JobsPage::duplicateSelected);
    connect(removeButton, &QPushButton::clicked, this, &JobsPage::removeSelected);
    connect(runButton_, &QPushButton::clicked, this, &JobsPage::runNow);
    connect(table_, &QTableView::doubleClicked, this, &JobsPage::editSelected);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { schedules_->selectDefinition(selectedName()); });
    return tab;
}

void JobsPage::createActions() {
    auto add = [this](QWidget* on, const QKeySequence& key, const QString& text, auto slot) {
        auto* a = new QAction(text, on);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        on->addAction(a);
    };
    add(this, QKeySequence(Qt::CTRL | Qt::Key_N), tr("New job definition"),
        &JobsPage::newDefinition);
    add(this, QKeySequence(Qt::CTRL | Qt::Key_R), tr("Run now"), &JobsPage::runNow);
    // Return and Delete belong to the definitions table: in the History tab Enter opens a report.
    add(table_, QKeySequence(Qt::Key_Return), tr("Edit job definition"), &JobsPage::editSelected);
    add(table_, QKeySequence(Qt::Key_Enter), tr("Edit job definition"), &JobsPage::editSelected);
    add(table_, QKeySequence(QKeySequence::Delete), tr("Remove job definition"),
        &JobsPage::removeSelected);
}

void JobsPage::setConfirm(std::function<bool(const QString&)> confirm) {
    if (!confirm)
        confirm = [this](const QString& question) {
            return QMessageBox::question(this, tr("Jobs"), question) == QMessageBox::Yes;
        };
    confirm_ = confirm;
    schedules_->setConfirm(confirm);
    queue_->setConfirm(confirm);
    running_->setConfirm(confirm);
}

void JobsPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
    timer_->start();
}

void JobsPage::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    timer_->stop();
}

void JobsPage::report(const QString& text, bool error) {
    if (error) log::get("ui")->warn("jobs page: {}", text.toStdString());
    showStatus(status_, text, error);
    if (error)
        board_.clearWhenEnded(this, text, [this, text] {
            if (status_->text() == text) showStatus(status_, QString(), false);
        });
}

QString JobsPage::statusText() const {
    return status_->text();
}

void JobsPage::refresh() {
    for (int tab = DefinitionsTab; tab <= HistoryTab; ++tab)
        refreshTab(tab);
}

void JobsPage::refreshTab(int tab) {
    switch (tab) { // each tab reads on a worker thread; its failure comes through message()
    case DefinitionsTab:
        refreshDefinitions();
        break;
    case SchedulesTab:
        schedules_->refresh();
        break;
    case RunningTab:
        running_->refresh();
        break;
    case QueueTab:
        queue_->refresh();
        break;
    case HistoryTab:
        history_->refresh(); // its failure comes through failed()
        break;
    }
}

void JobsPage::refreshDefinitions() {
    loadDefinitions(QString(), {});
}

void JobsPage::loadDefinitions(const QString& select, std::function<void()> then) {
    using Definitions = std::vector<client::Definition>;
    runBackgroundRead(&board_, this, [door = ctx_.door, select, then, this] {
        auto read = std::make_shared<Result<Definitions>>(readDefinitions(door)); // values only
        return GuiContinuation([this, read, select, then] {
            showDefinitions(*read, select);
            if (then) then();
        });
    });
}

void JobsPage::showDefinitions(const Result<std::vector<client::Definition>>& read,
                               const QString& select) {
    const QString current = select.isEmpty() ? selectedName() : select;
    auto st = read ? definitions_->setDefinitions(read.value(), to_unix_seconds(ctx_.now()))
                   : Status(read.error());
    if (!st) {
        report(tr("Cannot read the job definitions: %1")
                   .arg(QString::fromStdString(st.error().message)),
               true);
        return;
    }
    QStringList names;
    for (const auto& r : definitions_->rows())
        names << QString::fromStdString(r.def.name);
    schedules_->setDefinitions(names);
    fitColumnsOnce(table_);
    if (!current.isEmpty() && selectedName() != current) selectDefinition(current);
    if (!table_->currentIndex().isValid() && proxy_->rowCount() > 0)
        table_->setCurrentIndex(proxy_->index(0, 0));
}

const schedule::JobDefinition* JobsPage::selected() const {
    const auto i = table_->currentIndex();
    if (!i.isValid()) return nullptr;
    const int row = proxy_->mapToSource(i).row();
    if (row < 0 || row >= definitions_->rowCount()) return nullptr;
    return &definitions_->rows()[static_cast<std::size_t>(row)].def;
}

QString JobsPage::selectedName() const {
    const auto* d = selected();
    return d ? QString::fromStdString(d->name) : QString();
}

bool JobsPage::selectDefinition(const QString& name) {
    const int row = definitions_->rowOf(name);
    if (row < 0) return false;
    table_->setCurrentIndex(proxy_->mapFromSource(definitions_->index(row, 0)));
    return true;
}

void JobsPage::setLevel(const QString& level) {
    const int i = level_->findData(level);
    if (i >= 0) level_->setCurrentIndex(i);
}

QString JobsPage::level() const {
    return level_->currentData().toString();
}

DefinitionDialog* JobsPage::newDefinition() {
    return openDialog(DefinitionDialog::defaults(pools_), false);
}

DefinitionDialog* JobsPage::editSelected() {
    const auto* d = selected();
    if (!d) {
        report(tr("Select a job definition to edit."), true);
        return nullptr;
    }
    return openDialog(*d, true);
}

DefinitionDialog* JobsPage::duplicateSelected() {
    const auto* d = selected();
    if (!d) {
        report(tr("Select a job definition to duplicate."), true);
        return nullptr;
    }
    auto copy = *d;
    copy.id = 0;
    copy.name += "-copy";
    for (int n = 2; definitions_->rowOf(QString::fromStdString(copy.name)) >= 0; ++n)
        copy.name = d->name + "-copy" + std::to_string(n);
    return openDialog(copy, false);
}

DefinitionDialog* JobsPage::openDialog(const schedule::JobDefinition& start, bool editing) {
    if (dialog_) dialog_->reject();
    QStringList taken;
    for (const auto& r : definitions_->rows())
        if (!editing || r.def.name != start.name) taken << QString::fromStdString(r.def.name);
    dialog_ = new DefinitionDialog(start, taken, editing, this);
    dialog_->setAttribute(Qt::WA_DeleteOnClose);
    if (ctx_.door.isRemote()) dialog_->setServiceHost(remoteHost(ctx_.door));
    dialog_->setSaver([this, editing](const schedule::JobDefinition& d, QString* whyNot) {
        return save(d, editing, whyNot);
    });
    connect(dialog_, &QObject::destroyed, this, [this, d = dialog_] {
        if (dialog_ == d) dialog_ = nullptr;
    });
    dialog_->open();
    loadChoices();
    return dialog_;
}

void JobsPage::loadChoices() {
    runBackgroundRead(&board_, this, [door = ctx_.door, this]() -> GuiContinuation {
        auto read = std::make_shared<Result<DefinitionChoices>>(readDefinitionChoices(door));
        return [this, read] { // values only above; the dialog open then gets them
            if (*read) pools_ = (*read)->pools;
            if (dialog_) dialog_->setChoices(*read);
        };
    });
}

bool JobsPage::save(const schedule::JobDefinition& d, bool editing, QString* /*whyNot*/) {
    const QString name = QString::fromStdString(d.name);
    QPointer<DefinitionDialog> dialog(dialog_);
    // The whole definition, as the dialog has it (POST or PUT).
    ApiCall call = [d, editing](client::Api& api) {
        return editing ? done(api.replace_definition(d)) : done(api.add_definition(d));
    };
    runCatalogTask(board_, this, tr("Saving job definition %1").arg(name),
                   throughService(ctx_.door, (editing ? "job edit " : "job define ") + d.name,
                                  std::move(call)),
                   [this, name, editing, dialog](const QString& error) {
                       if (!error.isEmpty()) {
                           if (dialog) dialog->saveFinished(error);
                           report(tr("%1 was not saved: %2").arg(name, error), true);
                           return;
                       }
                       // The dialog closes once the list holds the stored definition, selected.
                       loadDefinitions(name, [this, name, editing, dialog] {
                           if (dialog) dialog->saveFinished(QString());
                           report(editing ? tr("Job definition %1 updated.").arg(name)
                                          : tr("Job definition %1 stored.").arg(name),
                                  false);
                       });
                   });
    return true;
}

bool JobsPage::removeSelected() {
    const auto* d = selected();
    if (!d) {
        report(tr("Select a job definition to remove."), true);
        return false;
    }
    const QString name = QString::fromStdString(d->name);
    if (!confirm_(
            tr("Remove job definition %1 and its schedules? Its job history stays.").arg(name)))
        return false;
    const std::string key = d->name;
    runCatalogTask(board_, this, tr("Removing job definition %1").arg(name),
                   throughService(ctx_.door, "job remove " + key,
                                  [key](client::Api& api) { return api.remove_definition(key); }),
                   [this, name](const QString& error) {
                       if (!error.isEmpty()) {
                           report(tr("%1 was not removed: %2").arg(name, error), true);
                           return;
                       }
                       refresh();
                       report(tr("Job definition %1 and its schedules removed.").arg(name), false);
                   });
    return true;
}

bool JobsPage::runNow() {
    const auto* d = selected();
    if (!d) {
        report(tr("Select a job definition to run."), true);
        return false;
    }
    QString whyNot;
    if (!runner_->start(*d, level(), &whyNot)) {
        report(whyNot, true);
        return false;
    }
    return true;
}

} // namespace tl::ui
