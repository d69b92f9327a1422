// tapeloom: the console. Wires the Qt UI to the service it shows: logging sinks, translations,
// the door (a data directory's service on this machine, or --connect's remote one), and the main
// window. The console opens no Engine and no catalog (issue 38).
#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <memory>
#include <string_view>

#include "bridge/console_context.h"
#include "client/jobs.h"
#include "client/service_api.h"
#include "common/clock.h"
#include "common/home.h"
#include "common/log.h"
#include "common/version.h"
#include "pages/settings/settings_page.h"
#include "shell/console_door.h"
#include "shell/main_window.h"
#include "widgets/job_graphs.h"

namespace {
// The language chosen in Settings ("ui/language"), else the system's (LANG).
void installTranslators(QCoreApplication& app) {
    const QLocale language(tl::ui::SettingsPage::startLanguage());
    auto* qtTr = new QTranslator(&app);
    if (qtTr->load(language, QStringLiteral("qtbase"), QStringLiteral("_"),
                   QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTr);
    auto* ours = new QTranslator(&app);
    if (ours->load(language, QStringLiteral("tapeloom"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(ours);
}

// --help and --version only print text (QCommandLineParser::process exits after it): they get
// no window system, so they work without a display.
bool printsTextOnly(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--help" || a == "-h" || a == "-?" || a == "--help-all" || a == "--version" ||
            a == "-v")
            return true;
    }
    return false;
}
// The console's command line: its options, defined once, read after process().
struct ConsoleCommandLine {
    QCommandLineOption home{QStringLiteral("home"),
                            QApplication::translate("main", "Data directory."),
                            QStringLiteral("DIR")};
    QCommandLineOption level{QStringLiteral("log-level"),
                             QApplication::translate("main", "Console log level (default warn)."),
                             QStringLiteral("LEVEL")};
    QCommandLineOption shot{
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a PNG of the window after a few seconds and quit."),
        QStringLiteral("FILE")};
    QCommandLineOption page{QStringLiteral("page"),
                            QApplication::translate("main", "Page to show first."),
                            QStringLiteral("NAME")};
    QCommandLineOption delay{
        QStringLiteral("screenshot-delay"),
        QApplication::translate("main", "Seconds to wait before the screenshot (default 4.5)."),
        QStringLiteral("SECONDS"), QStringLiteral("4.5")};
    QCommandLineOption backup{
        QStringLiteral("backup"),
        QApplication::translate("main",
                                "Start a backup of SOURCE at launch (repeatable), as Back up now."),
        QStringLiteral("SOURCE")};
    QCommandLineOption drives{QStringLiteral("drives"),
                              QApplication::translate("main", "Drives for --backup."),
                              QStringLiteral("N"), QStringLiteral("0")};
    QCommandLineOption sessions{
        QStringLiteral("sessions-per-drive"),
        QApplication::translate("main", "Sessions per drive for --backup (default 4)."),
        QStringLiteral("K"), QStringLiteral("4")};
    QCommandLineOption exportReport{
        QStringLiteral("export-report"),
        QApplication::translate("main", "Draw job ID's graphs into the --png file and quit."),
        QStringLiteral("ID")};
    QCommandLineOption png{QStringLiteral("png"),
                           QApplication::translate("main", "PNG file for --export-report."),
                           QStringLiteral("FILE")};
    QCommandLineOption reportFile{
        QStringLiteral("report-file"),
        QApplication::translate("main", "With --export-report: the job's report and series in a "
                                        "file (as GET /v1/jobs/ID/report answers), drawn without a "
                                        "service."),
        QStringLiteral("FILE")};
    QCommandLineOption connect{
        QStringLiteral("connect"),
        QApplication::translate("main", "A remote service (https://HOST:PORT) instead of this "
                                        "machine's data directory; with --token (or "
                                        "$TAPELOOM_TOKEN) and --ca-cert."),
        QStringLiteral("URL")};
    QCommandLineOption token{QStringLiteral("token"),
                             QApplication::translate("main", "The remote service's bearer token."),
                             QStringLiteral("T")};
    QCommandLineOption caCert{
        QStringLiteral("ca-cert"),
        QApplication::translate("main", "The CA of the remote service's certificate."),
        QStringLiteral("FILE")};
    QCommandLineOption noAutostart{
        QStringLiteral("no-autostart"),
        QApplication::translate("main", "Start no service for the data directory when none runs: "
                                        "open it in this process (as TAPELOOM_AUTOSTART=0).")};
    QCommandLineParser parser;

    void process(QCoreApplication& app) {
        parser.setApplicationDescription(
            QApplication::translate("main", "Tapeloom backup console"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({home, level, shot, delay, page, backup, drives, sessions, exportReport,
                           png, reportFile, connect, token, caCert, noAutostart});
        parser.process(app);
    }
};

// Console log level from --log-level, else $TAPELOOM_LOG, else warn; false on a bad level.
bool setUpLogging(const QString& option) {
    std::string level = option.toStdString();
    if (level.empty())
        if (const char* env = std::getenv("TAPELOOM_LOG")) level = env;
    auto lvl = tl::log::parse_level(level.empty() ? "warn" : level);
    if (!lvl) {
        fprintf(stderr, "tapeloom: error: %s\n", lvl.error().message.c_str());
        return false;
    }
    tl::log::set_console(lvl.value());
    tl::log::ring(); // the Log page's source; created before the engine logs its first line
    return true;
}

// --home, else $TAPELOOM_HOME, else the Settings page's "another data directory at next
// start", else the XDG default.
std::string consoleHome(const QString& option) {
    std::string home = option.toStdString();
    const char* envHome = std::getenv("TAPELOOM_HOME");
    if (home.empty() && !(envHome && *envHome))
        home = QSettings().value(QStringLiteral("app/home")).toString().toStdString();
    return tl::resolve_home(home);
}

// Draws `report`'s graphs into the PNG `png` under the title "Job ID"; the exit code.
int drawReport(const tl::Result<tl::client::JobReportSeries>& report, qint64 id,
               const QString& png) {
    if (!report) {
        fprintf(stderr, "tapeloom: error: %s\n", report.error().message.c_str());
        return report.error().kind == tl::ErrorKind::NotFound ? 3 : 1;
    }
    if (report->series.times.empty()) {
        fprintf(stderr,
                "tapeloom: error: job %lld has no recorded series (it ended before its first "
                "sample)\n",
                static_cast<long long>(id));
        return 3;
    }
    const QString title = QApplication::translate("main", "Job %1").arg(id);
    if (!tl::ui::saveJobGraphsPng(report->series, title, png)) {
        fprintf(stderr, "tapeloom: error: cannot write %s\n", qPrintable(png));
        return 1;
    }
    return 0;
}

// --export-report ID --report-file FILE: the report and series a caller read (tapeloom-cli
// report --png), from FILE.
tl::Result<tl::client::JobReportSeries> reportFromFile(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return tl::make_error(tl::ErrorKind::Io, "cannot read " + file.toStdString());
    const auto j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (j.is_discarded())
        return tl::make_error(tl::ErrorKind::Io, file.toStdString() + " is not JSON");
    return tl::client::job_report_series_from_json(j);
}

// --export-report ID --png FILE: the job's report read through the door (GET
// /v1/jobs/{id}/report).
tl::Result<tl::client::JobReportSeries> reportThroughDoor(const tl::ui::DoorAddress& door,
                                                          qint64 id) {
    return tl::ui::readService<tl::client::JobReportSeries>(
        door, "report of job " + std::to_string(id),
        [id](tl::client::Api& api) { return api.job_report(id); });
}

// --screenshot FILE: grab the window after the delay and quit; nobody is there to answer the
// quit question, so a running job is cancelled.
void scheduleScreenshot(tl::ui::MainWindow& window, const QString& file, double delaySeconds) {
    QTimer::singleShot(static_cast<int>(delaySeconds * 1000), &window, [&window, file] {
        if (!window.grab().save(file))
            fprintf(stderr, "tapeloom: cannot write %s\n", qPrintable(file));
        window.setQuitQuestion([](const QString&, bool cancellable) {
            return cancellable ? tl::ui::MainWindow::QuitChoice::CancelJobAndQuit
                               : tl::ui::MainWindow::QuitChoice::QuitWhenEnded;
        });
        QApplication::quit();
    });
}

// The exit code of a console that could not open: 2 a bad --connect, 12 refused by the remote
// service (its token), 3 no service (autostart off), 1 else (the service did not start or does
// not answer).
int consoleExitCode(const tl::Error& e) {
    if (e.kind == tl::ErrorKind::InvalidArgument) return tl::client::is_refusal(e) ? 12 : 2;
    return e.kind == tl::ErrorKind::NotFound ? 3 : 1;
}

// The door the command line names: --connect's remote service, else the data directory's.
tl::Result<tl::ui::DoorAddress> requestedDoor(const ConsoleCommandLine& cl) {
    const QCommandLineParser& parser = cl.parser;
    if (!parser.isSet(cl.connect)) {
        for (const auto* o : {&cl.token, &cl.caCert})
            if (parser.isSet(*o))
                return tl::make_error(tl::ErrorKind::InvalidArgument,
                                      "--" + o->names().first().toStdString() +
                                          " goes with --connect https://HOST:PORT");
        return tl::ui::DoorAddress{consoleHome(parser.value(cl.home)), {}};
    }
    if (parser.isSet(cl.home))
        return tl::make_error(tl::ErrorKind::InvalidArgument,
                              "--home and --connect name two services: give one");
    auto remote = tl::ui::remoteService(parser.value(cl.connect).toStdString(),
                                        parser.value(cl.token).toStdString(),
                                        parser.value(cl.caCert).toStdString());
    if (!remote) return remote.error();
    return tl::ui::DoorAddress{"", remote.value()};
}

// The main window on the door, with --page, --backup and --screenshot applied; runs the loop.
int runWindow(const tl::ui::DoorAddress& door, const ConsoleCommandLine& cl) {
    const QCommandLineParser& parser = cl.parser;
    static tl::SystemClock clock;
    tl::ui::MainWindow window(tl::ui::ConsoleContext{door, &clock});
    if (parser.isSet(cl.page)) window.showPage(parser.value(cl.page));
    window.show();
    if (parser.isSet(cl.backup)) {
        tl::job::BackupOptions o;
        for (const auto& s : parser.values(cl.backup))
            o.sources.push_back(s.toStdString());
        o.drives = parser.value(cl.drives).toULong();
        o.sessions_per_drive = parser.value(cl.sessions).toULong();
        window.startBackup(o);
    }
    if (parser.isSet(cl.shot))
        scheduleScreenshot(window, parser.value(cl.shot), parser.value(cl.delay).toDouble());
    return QApplication::exec();
}
} // namespace

int main(int argc, char** argv) {
    const auto app = printsTextOnly(argc, argv)
                         ? std::make_unique<QCoreApplication>(argc, argv)
                         : std::unique_ptr<QCoreApplication>(new QApplication(argc, argv));
    QApplication::setOrganizationName(QStringLiteral("Tapeloom"));
    QApplication::setApplicationName(QStringLiteral("tapeloom"));
    QApplication::setApplicationVersion(QString::fromLatin1(tl::engine_version()));
    installTranslators(*app);

    ConsoleCommandLine cl;
    cl.process(*app);
    const QCommandLineParser& parser = cl.parser;
    if (!setUpLogging(parser.value(cl.level))) return 2;
    if (parser.isSet(cl.home) && parser.value(cl.home).isEmpty()) {
        // As tapeloom-cli: an empty variable in --home "$DIR" is not the default directory.
        fprintf(stderr, "tapeloom: error: --home is empty; give the data directory, or leave "
                        "out --home to use $TAPELOOM_HOME or the default\n");
        return 2;
    }

    if (parser.isSet(cl.exportReport) && parser.isSet(cl.reportFile))
        return drawReport(reportFromFile(parser.value(cl.reportFile)),
                          parser.value(cl.exportReport).toLongLong(), parser.value(cl.png));
    // The window opens on a service: the data directory's (started when none runs, unless
    // autostart is off) or --connect's; it refuses to open without one (docs/console.md "Beside
    // the service", "A remote service"). Drawing a report's PNG is a read through the same door.
    auto door = requestedDoor(cl);
    if (door)
        door = tl::ui::openConsoleDoor(door.value(),
                                       tl::ui::consoleAutostart(parser.isSet(cl.noAutostart)));
    if (!door) {
        tl::log::record_only("ui")->error("{}", door.error().message); // said once below
        fprintf(stderr, "tapeloom: error: %s\n", door.error().message.c_str());
        const bool exporting = parser.isSet(cl.exportReport);
        if (!exporting && !parser.isSet(cl.shot)) // nobody to click OK otherwise
            QMessageBox::critical(nullptr, QApplication::translate("main", "Tapeloom cannot start"),
                                  QString::fromStdString(door.error().message));
        return consoleExitCode(door.error());
    }
    if (parser.isSet(cl.exportReport))
        return drawReport(
            reportThroughDoor(door.value(), parser.value(cl.exportReport).toLongLong()),
            parser.value(cl.exportReport).toLongLong(), parser.value(cl.png));
    return runWindow(door.value(), cl);
}
