#include "bridge/service_command.h"

#include <QCoreApplication>
#include <QStringList>
#include <chrono>
#include <thread>

#include "client/service_client.h"
#include "common/log.h"
#include "context/engine.h"

namespace tl::ui {

namespace {
constexpr auto kPollEvery = std::chrono::milliseconds(100);

// The command's own words for what went wrong: its stderr without the CLI's prefix.
QString failure_text(const ServiceCommandEnd& end) {
    static const QString prefix = QStringLiteral("tapeloom-cli: error: ");
    QStringList lines;
    for (QString line : QString::fromStdString(end.err).split(QLatin1Char('\n'))) {
        line = line.trimmed();
        if (line.startsWith(prefix)) line = line.mid(prefix.size());
        if (!line.isEmpty()) lines << line;
    }
    const QString message =
        lines.isEmpty() ? QCoreApplication::translate("ServiceCommand", "the command failed")
                        : lines.join(QLatin1Char(' '));
    return QCoreApplication::translate("ServiceCommand", "%1 (exit %2)")
        .arg(message)
        .arg(end.exitCode);
}
} // namespace

ServiceCommandEnd runServiceCommand(const std::string& home, const ServiceCommand& cmd,
                                    const std::atomic<bool>* cancel,
                                    const std::function<void(const std::string&)>& onOutput) {
    ServiceCommandEnd end;
    client::ServiceClient c(home);
    auto id = c.start_task(cmd.command, cmd.request());
    if (!id) {
        log::get("ui")->error("{} through the service: {}", cmd.command, id.error().message);
        end.error = QString::fromStdString(id.error().message);
        return end;
    }
    std::size_t out_at = 0, err_at = 0;
    bool cancel_sent = false;
    for (;;) {
        auto t = c.task(id.value(), out_at, err_at);
        if (!t) {
            const auto lost =
                c.stopped(t.error(), cmd.command + " (task " + std::to_string(id.value()) + ")");
            log::get("ui")->error("{}", lost.message);
            end.error = QString::fromStdString(lost.message);
            return end;
        }
        end.out += t->out;
        end.err += t->err;
        if (onOutput && !t->out.empty()) onOutput(t->out);
        out_at = t->out_end;
        err_at = t->err_end;
        if (t->ended) {
            end.ran = true;
            end.exitCode = t->exit_code;
            if (end.exitCode != 0) {
                end.error = failure_text(end);
                log::get("ui")->error("{} through the service: {}", cmd.command,
                                      end.error.toStdString());
            }
            return end;
        }
        if (cancel && *cancel && !cancel_sent) {
            if (auto st = c.cancel_task(id.value()); !st)
                log::get("ui")->warn("cancel of task {} ({}): {}", id.value(), cmd.command,
                                     st.error().message);
            cancel_sent = true;
        }
        std::this_thread::sleep_for(kPollEvery);
    }
}

std::function<QString()> serviceOrLocal(const Engine& engine, ServiceCommand cmd,
                                        std::function<QString()> local,
                                        std::shared_ptr<QString> output) {
    if (!besideService(engine)) return local;
    return [home = engine.home(), cmd = std::move(cmd), output]() -> QString {
        auto end = runServiceCommand(home, cmd);
        if (output && end.error.isEmpty()) *output = QString::fromStdString(end.out).trimmed();
        return end.error;
    };
}

} // namespace tl::ui
