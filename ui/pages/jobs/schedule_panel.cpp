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

#include "api/engine.h"
#include "bridge/engine_gate.h"
#include "bridge/engine_task.h"
#include "pages/jobs/jobs_style.h"
#include "pages/jobs/schedule_table_model.h"
#include "schedule/definition_store.h"
#include "schedule/schedule_rule.h"

namespace tl::ui {

SchedulePanel::SchedulePanel(Engine& engine, EngineGate& gate, const QString& catalogPath,
                             QWidget* parent)
    : QWidget(parent), engine_(engine), gate_(gate),
      model_(new ScheduleTableModel(catalogPath, this)), proxy_(new QSortFilterProxyModel(this)),
      table_(new QTableView(this)), definition_(new QComboBox(this)), rule_(new QLineEdit(this)),
      ruleError_(new QLabel(this)), nextRuns_(new QLabel(this)),
      add_(new QPushButton(tr("&Add schedule"), this)),
      remove_(new QPushButton(tr("Re&move schedule"), this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_->setModel(proxy_);
    table_->sortByColumn(ScheduleTableModel::Id, Qt::AscendingOrder);
    setUpTable(table_, QStringLiteral("jobsPage/schedulesHeader"), tr("Schedules"));
    definition_->setAccessibleName(tr("Job definition to schedule"));
    rule_->setAccessibleName(tr("Schedule rule"));
    rule_->setPlaceholderText(tr("e.g. full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at "
                                 "23:05 — or a cron expression, or once YYYY-MM-DD HH:MM"));
    rule_->setClearButtonEnabled(true);
    ruleError_->setWordWrap(true);
    ruleError_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    styleAsError(ruleError_);
    nextRuns_->setAccessibleName(tr("Next runs of the rule"));
    nextRuns_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    nextRuns_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    add_->setAccessibleName(tr("Add the schedule"));
    remove_->setAccessibleName(tr("Remove the selected schedule"));
    remove_->setEnabled(false);

    auto* form = new QFormLayout;
    form->addRow(tr("&Job definition:"), definition_);
    form->addRow(tr("&Rule:"), rule_);
    form->addRow(QString(), ruleError_);
    form->addRow(tr("Next runs:"), nextRuns_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add_);
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
    connect(remove_, &QPushButton::clicked, this, &SchedulePanel::removeSelected);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& i) { remove_->setEnabled(i.isValid()); });
    updatePreview();
}

long long SchedulePanel::now() const {
    return to_unix_seconds(engine_.clock().wall());
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

bool SchedulePanel::refresh(QString* error) {
    const auto current = table_->currentIndex();
    const qint64 id = current.isValid()
                          ? proxy_->index(current.row(), ScheduleTableModel::Id).data().toLongLong()
                          : 0;
    auto st = model_->refresh(now());
    if (!st) {
        if (error) *error = QString::fromStdString(st.error().message);
        return false;
    }
    fitColumnsOnce(table_);
    for (int r = 0; id && r < proxy_->rowCount(); ++r)
        if (proxy_->index(r, ScheduleTableModel::Id).data().toLongLong() == id)
            table_->setCurrentIndex(proxy_->index(r, 0));
    remove_->setEnabled(table_->currentIndex().isValid());
    return true;
}

void SchedulePanel::updatePreview() {
    preview_.clear();
    QString problem;
    const QString text = rule_->text().trimmed();
    if (definition_->count() == 0) problem = tr("Define a job first (Definitions tab).");
    if (!text.isEmpty()) {
        auto rule = schedule::ScheduleRule::parse(text.toStdString());
        const long long t = now();
        if (!rule) {
            problem = QString::fromStdString(rule.error().message);
        } else if (auto st = rule->check_fires(t); !st) {
            problem = QString::fromStdString(st.error().message);
        } else {
            const QLocale loc;
            auto o = rule->next_after(t);
            for (int i = 0; o && i < 5; ++i, o = rule->next_after(o->time))
                preview_ << tr("%1  %2").arg(
                    loc.toString(QDateTime::fromSecsSinceEpoch(o->time), QLocale::LongFormat),
                    QString::fromStdString(o->level));
        }
    }
    ruleError_->setText(problem);
    ruleError_->setVisible(!problem.isEmpty());
    nextRuns_->setText(preview_.isEmpty() ? tr("—") : preview_.join(QLatin1Char('\n')));
    add_->setEnabled(problem.isEmpty() && !text.isEmpty());
    add_->setToolTip(problem);
}

bool SchedulePanel::addSchedule() {
    const QString text = rule_->text().trimmed();
    const QString name = definition_->currentText();
    if (!add_->isEnabled()) {
        Q_EMIT message(ruleError_->text().isEmpty() ? tr("Type a rule first.") : ruleError_->text(),
                       true);
        return false;
    }
    const std::string def = name.toStdString(), rule = text.toStdString();
    Engine* engine = &engine_;
    QString whyNot;
    const bool started = runEngineTask(
        gate_, this, tr("Adding a schedule"),
        [engine, def, rule]() -> QString {
            schedule::DefinitionStore store(engine->catalog());
            auto id = store.add_schedule(def, rule, to_unix_seconds(engine->clock().wall()));
            return id ? QString() : QString::fromStdString(id.error().message);
        },
        [this, name, text](const QString& error) {
            if (!error.isEmpty()) {
                Q_EMIT message(tr("The schedule was not added: %1").arg(error), true);
                return;
            }
            rule_->clear();
            refresh();
            Q_EMIT message(tr("Schedule %1 added to %2.").arg(text, name), false);
            Q_EMIT changed();
        },
        &whyNot);
    if (!started) Q_EMIT message(whyNot, true);
    return started;
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
    if (gate_.busy()) {
        Q_EMIT message(tr("%1 is running; try again when it has ended.").arg(gate_.holder()), true);
        return false;
    }
    if (confirm_ && !confirm_(tr("Remove schedule %1 (%2) of %3?").arg(id).arg(rule, job)))
        return false;
    Engine* engine = &engine_;
    QString whyNot;
    const bool started = runEngineTask(
        gate_, this, tr("Removing a schedule"),
        [engine, id]() -> QString {
            auto st = schedule::DefinitionStore(engine->catalog()).remove_schedule(id);
            return st ? QString() : QString::fromStdString(st.error().message);
        },
        [this, id](const QString& error) {
            if (!error.isEmpty()) {
                Q_EMIT message(tr("The schedule was not removed: %1").arg(error), true);
                return;
            }
            refresh();
            Q_EMIT message(tr("Schedule %1 removed.").arg(id), false);
            Q_EMIT changed();
        },
        &whyNot);
    if (!started) Q_EMIT message(whyNot, true);
    return started;
}

} // namespace tl::ui
