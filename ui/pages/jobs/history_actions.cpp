#include "pages/jobs/history_actions.h"

#include <QInputDialog>
#include <memory>

#include "bridge/engine_task.h"
#include "bridge/service_command.h"
#include "context/engine.h"
#include "pages/jobs/definition_dialog.h"

namespace tl::ui {

namespace {
// The last line the command printed (its summary), for the status line.
QString lastLine(const QString& text) {
    const auto lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last().trimmed();
}
} // namespace

HistoryActions::HistoryActions(Engine& engine, TaskBoard& board, QString catalogPath,
                               QWidget* dialogParent)
    : QObject(dialogParent), engine_(engine), board_(board), catalogPath_(std::move(catalogPath)),
      parent_(dialogParent) {
    askPool_ = [this](qint64 job, const QStringList& pools) {
        bool ok = false;
        const QString pool = QInputDialog::getItem(
            parent_, tr("Clone job %1").arg(job),
            tr("Copy the save sets of job %1 to volumes of pool:").arg(job), pools, 0, false, &ok);
        return ok ? pool : QString();
    };
}

bool HistoryActions::verify(qint64 job) {
    return start(job, tr("Verifying job %1").arg(job), QStringLiteral("verify"), "verify", {},
                 tr("Job %1 verified.").arg(job));
}

bool HistoryActions::clone(qint64 job) {
    const QStringList pools = DefinitionDialog::pools(catalogPath_);
    if (pools.isEmpty()) {
        Q_EMIT status(tr("Job %1 was not cloned: the catalog has no pool (add one on the Media "
                         "page).")
                          .arg(job),
                      true);
        return false;
    }
    const QString pool = askPool_ ? askPool_(job, pools) : QString();
    if (pool.isEmpty()) return false;
    return cloneTo(job, pool);
}

bool HistoryActions::cloneTo(qint64 job, const QString& pool) {
    return start(job, tr("Cloning job %1 to pool %2").arg(job).arg(pool), QStringLiteral("clone"),
                 "clone", {{"pool", pool.toStdString()}},
                 tr("Job %1 cloned to pool %2.").arg(job).arg(pool));
}

bool HistoryActions::start(qint64 job, const QString& what, const QString& kind,
                           std::string command,
                           std::vector<std::pair<std::string, std::string>> options,
                           const QString& success) {
    if (!besideService(engine_)) {
        Q_EMIT status(tr("%1 runs in the service, and this console holds the data directory "
                         "itself: close it and open it without --no-autostart, or run "
                         "`tapeloom-cli %2 --job %3`.")
                          .arg(what, QString::fromStdString(command))
                          .arg(job),
                      true);
        return false;
    }
    ServiceCommand cmd{std::move(command), {}, {{"job", std::to_string(job)}}};
    for (auto& [key, value] : options)
        cmd.options[key] = value;
    auto output = std::make_shared<QString>();
    auto work = [home = engine_.home(), cmd = std::move(cmd), output] {
        const auto end = runServiceCommand(home, cmd);
        if (end.error.isEmpty()) *output = QString::fromStdString(end.out).trimmed();
        return end.error;
    };
    auto done = [this, job, success, output](const QString& error) {
        const QString summary = lastLine(*output);
        const QString ok = summary.isEmpty() ? success : success + QLatin1Char(' ') + summary;
        Q_EMIT status(error.isEmpty() ? ok : error, !error.isEmpty());
        Q_EMIT finished(job, error);
    };
    QString whyNot;
    if (!runEngineTask(board_, this, {what, TaskKind::Job, kind}, std::move(work), std::move(done),
                       &whyNot)) {
        Q_EMIT status(tr("Not now: %1").arg(whyNot), true);
        return false;
    }
    Q_EMIT status(what + QStringLiteral("…"), false);
    return true;
}

} // namespace tl::ui
