#include "pages/jobs/schedule_panel.h"

#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include "bridge/engine_task.h"
#include "bridge/typed_door.h"
#include "pages/jobs/jobs_style.h"
#include "pages/jobs/schedule_preview.h"
#include "pages/jobs/schedule_table_model.h"
#include "schedule/definition_store.h"
#include "schedule/schedule_rule.h"
#include "widgets/job_text.h"
#include "widgets/message_line.h"

namespace tl::ui {

namespace {
constexpr int kPreviewRuns = 5;
// The next runs, plus one line for each level beyond them (at most two of the three levels).
constexpr int kPreviewLines = kPreviewRuns + 2;

QString runText(const schedule::Occurrence& o) {
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(o.time), QLocale::LongFormat);
}

QString levelText(const schedule::Occurrence& o) {
    return JobText::level(QStringLiteral("backup"), QString::fromStdString(o.level));
}
} // namespace

SchedulePanel::SchedulePanel(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), ctx_(ctx), board_(board), model_(new ScheduleTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)), table_(new QTableView(this)),
      definition_(new QComboBox(this)), name_(new QLineEdit(this)), rule_(new QLineEdit(this)),
      ruleError_(new MessageLine(2, this)), nextRuns_(new MessageLine(kPreviewLines, this)),
      add_(new QPushButton(tr("&Add schedule"), this)),
      save_(new QPushButton(tr("&Save changes"), this)),
      remove_(new QPushButton(tr("Re&move schedule"), this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_->setModel(proxy_);
    table_->sortByColumn(ScheduleTableModel::Id, Qt::AscendingOrder);
    setUpTable(table_, QStringLiteral("jobsPage/schedulesHeader"), tr("Schedules"));
    if (table_->property("tlFitColumns").toBool()) // no remembered layout: the name second
        table_->horizontalHeader()->moveSection(ScheduleTableModel::Name, 1);
    definition_->setAccessibleName(tr("Job definition to schedule"));
    name_->setAccessibleName(tr("Schedule name"));
    name_->setPlaceholderText(tr("e.g. weeknights (optional)"));
    rule_->setAccessibleName(tr("Schedule rule"));
    rule_->setPlaceholderText(tr("e.g. full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at "
                                 "23:05 — or a cron expression, or once YYYY-MM-DD HH:MM"));
    rule_->setClearButtonEnabled(true);
    ruleError_->setAccessibleName(tr("Problem with the rule"));
    styleAsError(ruleError_);
    nextRuns_->setAccessibleName(tr("Next runs of the rule"));
    add_->setAccessibleName(tr("Add the schedule"));
    save_->setAccessibleName(tr("Save the name and rule into the selected schedule"));
    save_->setEnabled(false);
    remove_->setAccessibleName(tr("Remove the selected schedule"));
    remove_->setEnabled(false);

    auto* form = new QFormLayout;
    form->addRow(tr("&Job definition:"), definition_);
    form->addRow(tr("&Name:"), name_);
    form->addRow(tr("&Rule:"), rule_);
    form->addRow(QString(), ruleError_);
    form->addRow(tr("Next runs:"), nextRuns_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add_);
    buttons->addWidget(save_);
    buttons->addStretch(1);
    buttons->addWidget(remove_);
    auto* box = new QVBoxLayout(this);
    box->addWidget(table_, 1);
    box->addLayout(buttons);
    box->addLayout(form);

    connect(rule_, &QLineEdit::textChanged, this, &SchedulePanel::updatePreview);
    connect(definition_, &QComboBox::currentTextChanged, this, &SchedulePanel::updatePreview);
    connect(rule_, &QLineEdit::returnPressed, this, &SchedulePanel::addSchedule);
    connect(add_, &QPushButton::clicked, this, &SchedulePanel::addSchedule);
    connect(save_, &QPushButton::clicked, this, &SchedulePanel::saveSelected);
    connect(remove_, &QPushButton::clicked, this, &SchedulePanel::removeSelected);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &SchedulePanel::loadSelected);
    updatePreview();
}

qint64 SchedulePanel::selectedId() const {
    const auto current = table_->currentIndex();
    return current.isValid()
               ? proxy_->index(current.row(), ScheduleTableModel::Id).data().toLongLong()
               : 0;
}

// A selected schedule fills the editor: its definition, name and rule, and so its next runs.
void SchedulePanel::loadSelected() {
    const auto current = table_->currentIndex();
    remove_->setEnabled(current.isValid());
    if (current.isValid() && !restoring_) {
        auto cell = [&](int column) { return proxy_->index(current.row(), column).data(); };
        selectDefinition(cell(ScheduleTableModel::Job).toString());
        name_->setText(cell(ScheduleTableModel::Name).toString());
        rule_->setText(cell(ScheduleTableModel::Rule).toString());
    }
    updatePreview();
}

long long SchedulePanel::now() const {
    return to_unix_seconds(ctx_.now());
}

void SchedulePanel::setDefinitions(const QStringList& names) {
    const QString current = definition_->currentText();
    QSignalBlocker block(definition_);
    definition_->clear();
    definition_->addItems(names);
    if (names.contains(current)) definition_->setCurrentText(current);
    updatePreview();
}

void SchedulePanel::selectDefinition(const QString& name) {
    if (definition_->findText(name) >= 0) definition_->setCurrentText(name);
}

void SchedulePanel::refresh(std::function<void()> then) {
    using Schedules = std::vector<client::Schedule>;
    runBackgroundRead(&board_, this, [door = ctx_.door, then, this] {
        auto read = std::make_shared<Result<Schedules>>(
            readService<Schedules>(door, "schedule list", [](client::Api& api) {
                return api.schedules();
            })); // values only
        return GuiContinuation([this, read, then] {
            showSchedules(*read);
            if (then) then();
        });
    });
}

void SchedulePanel::showSchedules(const Result<std::vector<client::Schedule>>& read) {
    if (!read) {
        Q_EMIT message(
            tr("Cannot read the schedules: %1").arg(QString::fromStdString(read.error().message)),
            true);
        return;
    }
    const qint64 id = selectedId();
    model_->setSchedules(read.value(), now());
    fitColumnsOnce(table_);
    restoring_ = true; // the same schedule again: the editor keeps what is being typed
    for (int r = 0; id && r < proxy_->rowCount(); ++r)
        if (proxy_->index(r, ScheduleTableModel::Id).data().toLongLong() == id)
            table_->setCurrentIndex(proxy_->index(r, 0));
    restoring_ = false;
    remove_->setEnabled(table_->currentIndex().isValid());
    updatePreview();
}

void SchedulePanel::updatePreview() {
    preview_.clear();
    QString problem;
    const QString text = rule_->text().trimmed();
    if (definition_->count() == 0) problem = tr("Define a job first (Definitions tab).");
    QStringList lines;
    if (!text.isEmpty()) {
        auto rule = schedule::ScheduleRule::parse(text.toStdString());
        const long long t = now();
        if (!rule) {
            problem = QString::fromStdString(rule.error().message);
        } else if (auto st = rule->check_fires(t); !st) {
            problem = QString::fromStdString(st.error().message);
        } else {
            const auto p = previewSchedule(rule.value(), t, kPreviewRuns);
            for (const auto& o : p.runs)
                preview_ << tr("%1  %2").arg(runText(o), levelText(o));
            lines = preview_;
            for (const auto& o : p.later)
                lines << tr("Next %1: %2").arg(levelText(o), runText(o));
        }
    }
    ruleError_->setMessage(problem);
    nextRuns_->setMessage(lines.isEmpty() ? tr("—") : lines.join(QLatin1Char('\n')));
    add_->setEnabled(problem.isEmpty() && !text.isEmpty());
    add_->setToolTip(problem);
    save_->setEnabled(add_->isEnabled() && selectedId() != 0);
}

bool SchedulePanel::addSchedule() {
    const QString text = rule_->text().trimmed();
    const QString name = definition_->currentText();
    if (!add_->isEnabled()) {
        Q_EMIT message(ruleError_->message().isEmpty() ? tr("Type a rule first.")
                                                       : ruleError_->message(),
                       true);
        return false;
    }
    const std::string def = name.toStdString(), rule = text.toStdString();
    const std::string label = name_->text().trimmed().toStdString();
    runCatalogTask(board_, this, tr("Adding a schedule"),
                   throughService(ctx_.door, "schedule add " + def,
                                  [def, rule, label](client::Api& api) {
                                      return done(api.add_schedule({def, rule, label}));
                                  }),
                   [this, name, text](const QString& error) {
                       if (!error.isEmpty()) {
                           Q_EMIT message(tr("The schedule was not added: %1").arg(error), true);
                           return;
                       }
                       rule_->clear();
                       name_->clear();
                       refresh([this, name, text] {
                           Q_EMIT message(tr("Schedule %1 added to %2.").arg(text, name), false);
                           Q_EMIT changed();
                       });
                   });
    return true;
}

bool SchedulePanel::saveSelected() {
    const qint64 id = selectedId();
    if (!id || !save_->isEnabled()) {
        Q_EMIT message(id ? ruleError_->message() : tr("Select a schedule to change."), true);
        return false;
    }
    const std::string rule = rule_->text().trimmed().toStdString();
    const std::string label = name_->text().trimmed().toStdString();
    runCatalogTask(board_, this, tr("Changing a schedule"),
                   throughService(ctx_.door, "schedule edit " + std::to_string(id),
                                  [id, rule, label](client::Api& api) {
                                      return done(api.change_schedule(id, {{}, rule, label}));
                                  }),
                   [this, id](const QString& error) {
                       if (!error.isEmpty()) {
                           Q_EMIT message(tr("The schedule was not changed: %1").arg(error), true);
                           return;
                       }
                       refresh([this, id] {
                           Q_EMIT message(tr("Schedule %1 saved.").arg(id), false);
                           Q_EMIT changed();
                       });
                   });
    return true;
}

bool SchedulePanel::removeSelected() {
    const auto current = table_->currentIndex();
    if (!current.isValid()) {
        Q_EMIT message(tr("Select a schedule to remove."), true);
        return false;
    }
    const qint64 id = proxy_->index(current.row(), ScheduleTableModel::Id).data().toLongLong();
    const QString rule = proxy_->index(current.row(), ScheduleTableModel::Rule).data().toString();
    const QString job = proxy_->index(current.row(), ScheduleTableModel::Job).data().toString();
    if (confirm_ && !confirm_(tr("Remove schedule %1 (%2) of %3?").arg(id).arg(rule, job)))
        return false;
    runCatalogTask(board_, this, tr("Removing a schedule"),
                   throughService(ctx_.door, "schedule remove " + std::to_string(id),
                                  [id](client::Api& api) { return api.remove_schedule(id); }),
                   [this, id](const QString& error) {
                       if (!error.isEmpty()) {
                           Q_EMIT message(tr("The schedule was not removed: %1").arg(error), true);
                           return;
                       }
                       refresh([this, id] {
                           Q_EMIT message(tr("Schedule %1 removed.").arg(id), false);
                           Q_EMIT changed();
                       });
                   });
    return true;
}

} // namespace tl::ui
