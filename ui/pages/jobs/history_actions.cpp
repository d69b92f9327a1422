#include "pages/jobs/history_actions.h"

#include <QInputDialog>
#include <memory>

#include "bridge/engine_task.h"
#include "client/api.h"
#include "client/pools.h"

namespace tl::ui {

namespace {
// The job's outcome when it ended as asked; else its status and problems as the error.
Status endedWell(const client::Job& j, const QString& problems) {
    if (j.status == "completed" || j.status == "warnings") return {};
    return make_error(ErrorKind::Io, HistoryActions::tr("Job %1 ended %2: %3 See its report.")
                                         .arg(j.id)
                                         .arg(QString::fromStdString(j.status), problems)
                                         .toStdString());
}

// A verify of the job's save sets, or (`pool` given) of their copies in that pool.
ApiCall verifyCall(qint64 job, const QString& pool, std::shared_ptr<QString> summary) {
    return [job, pool = pool.toStdString(), summary](client::Api& api) -> Status {
        client::VerificationRequest r;
        r.job = job;
        r.pool = pool;
        auto started = api.start_verification(r);
        if (!started) return started.error();
        auto ended = client::wait_for_job(api, started->job);
        if (!ended) return ended.error();
        auto v = client::verify_result(ended.value());
        if (!v) return v.error();
        QStringList read;
        for (const auto& b : v->stats.volumes)
            read << QString::fromStdString(b);
        *summary = HistoryActions::tr("Files checked: %1; blocks read: %2 from %3.")
                       .arg(v->files_ok)
                       .arg(v->stats.blocks_read)
                       .arg(read.join(QStringLiteral(", ")));
        return endedWell(ended.value(), HistoryActions::tr("%1 file(s) failed, %2 bad block(s).")
                                            .arg(v->files_failed)
                                            .arg(v->bad_blocks.size()));
    };
}

ApiCall cloneCall(qint64 job, const QString& pool, std::shared_ptr<QString> summary) {
    return [job, pool = pool.toStdString(), summary](client::Api& api) -> Status {
        client::CloneRequest r;
        r.job = job;
        r.pool = pool;
        auto started = api.start_clone(r);
        if (!started) return started.error();
        auto ended = client::wait_for_job(api, started->job);
        if (!ended) return ended.error();
        auto c = client::clone_result(ended.value());
        if (!c) return c.error();
        QStringList written;
        for (const auto& b : c->volumes_written)
            written << QString::fromStdString(b);
        *summary = HistoryActions::tr("Written to %1.").arg(written.join(QStringLiteral(", ")));
        const std::string error = ended->report ? ended->report->error : std::string();
        return endedWell(ended.value(), QString::fromStdString(error));
    };
}
} // namespace

HistoryActions::HistoryActions(const ConsoleContext& ctx, TaskBoard& board, QWidget* dialogParent)
    : QObject(dialogParent), ctx_(ctx), board_(board), parent_(dialogParent) {
    askPool_ = [this](qint64 job, const QString& question, const QStringList& pools) {
        bool ok = false;
        const QString pool =
            QInputDialog::getItem(parent_, tr("Job %1").arg(job), question, pools, 0, false, &ok);
        return ok ? pool : QString();
    };
}

bool HistoryActions::verify(qint64 job) {
    auto summary = std::make_shared<QString>();
    return start(job, tr("Verifying job %1").arg(job), QStringLiteral("verify"),
                 verifyCall(job, QString(), summary), summary, tr("Job %1 verified.").arg(job));
}

bool HistoryActions::verifyCopy(qint64 job) {
    runBackgroundRead(&board_, this, [door = ctx_.door, job, this]() -> GuiContinuation {
        auto pools = std::make_shared<Result<QStringList>>(readService<QStringList>(
            door, "job " + std::to_string(job), [job](client::Api& api) -> Result<QStringList> {
                auto j = api.job(job);
                if (!j) return j.error();
                QStringList names;
                for (const auto& p : client::copy_pools(j.value()))
                    names << QString::fromStdString(p);
                return names;
            }));
        return [this, job, pools] {
            askPoolThen(job, *pools,
                        {tr("The copies of job %1 were not verified: %2").arg(job),
                         tr("Job %1 has no copy to verify: clone it to a pool first (Clone to "
                            "pool…).")
                             .arg(job),
                         tr("Verify the copies of job %1 in pool:").arg(job)},
                        [this, job](const QString& pool) { verifyIn(job, pool); });
        };
    });
    return true;
}

bool HistoryActions::verifyIn(qint64 job, const QString& pool) {
    auto summary = std::make_shared<QString>();
    return start(job, tr("Verifying the copies of job %1 in pool %2").arg(job).arg(pool),
                 QStringLiteral("verify"), verifyCall(job, pool, summary), summary,
                 tr("The copies of job %1 in pool %2 verified.").arg(job).arg(pool));
}

bool HistoryActions::clone(qint64 job) {
    runBackgroundRead(&board_, this, [door = ctx_.door, job, this]() -> GuiContinuation {
        auto pools = std::make_shared<Result<QStringList>>(readService<QStringList>(
            door, "pool list", [](client::Api& api) -> Result<QStringList> {
                auto all = api.pools(); // values only
                if (!all) return all.error();
                QStringList names;
                for (const auto& p : all.value())
                    names << QString::fromStdString(p.name);
                return names;
            }));
        return [this, job, pools] {
            askPoolThen(job, *pools,
                        {tr("Job %1 was not cloned: %2").arg(job),
                         tr("Job %1 was not cloned: the catalog has no pool (add one on the Media "
                            "page).")
                             .arg(job),
                         tr("Copy the save sets of job %1 to volumes of pool:").arg(job)},
                        [this, job](const QString& pool) { cloneTo(job, pool); });
        };
    });
    return true;
}

void HistoryActions::askPoolThen(qint64 job, const Result<QStringList>& pools,
                                 const PoolQuestion& q,
                                 const std::function<void(const QString&)>& then) {
    if (!pools) {
        Q_EMIT status(q.notDone.arg(QString::fromStdString(pools.error().message)), true);
        return;
    }
    if (pools->isEmpty()) {
        Q_EMIT status(q.none, true);
        return;
    }
    const QString pool = askPool_ ? askPool_(job, q.question, pools.value()) : QString();
    if (!pool.isEmpty()) then(pool);
}

bool HistoryActions::cloneTo(qint64 job, const QString& pool) {
    auto summary = std::make_shared<QString>();
    return start(job, tr("Cloning job %1 to pool %2").arg(job).arg(pool), QStringLiteral("clone"),
                 cloneCall(job, pool, summary), summary,
                 tr("Job %1 cloned to pool %2.").arg(job).arg(pool));
}

bool HistoryActions::start(qint64 job, const QString& what, const QString& kind, ApiCall call,
                           std::shared_ptr<QString> summary, const QString& success) {
    auto work = [door = ctx_.door, what = what.toStdString(), call = std::move(call)] {
        return callService(door, what, call);
    };
    auto done = [this, job, success, summary](const QString& error) {
        const QString ok = summary->isEmpty() ? success : success + QLatin1Char(' ') + *summary;
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
