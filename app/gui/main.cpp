// tapeloom: the console. Wires the engine to the Qt UI: logging sinks, translations, the data
// directory, and the main window.
#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <memory>
#include <string_view>

#include "api/catalog_ops.h"
#include "api/engine.h"
#include "catalog/series_store.h"
#include "common/home.h"
#include "common/log.h"
#include "common/version.h"
#include "pages/settings/settings_page.h"
#include "shell/console_engine.h"
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
} // namespace

int main(int argc, char** argv) {
    const auto app = printsTextOnly(argc, argv)
                         ? std::make_unique<QCoreApplication>(argc, argv)
                         : std::unique_ptr<QCoreApplication>(new QApplication(argc, argv));
    QApplication::setOrganizationName(QStringLiteral("Tapeloom"));
    QApplication::setApplicationName(QStringLiteral("tapeloom"));
    QApplication::setApplicationVersion(QString::fromLatin1(tl::engine_version()));
    installTranslators(*app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Tapeloom backup console"));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption homeOpt(QStringLiteral("home"),
                               QApplication::translate("main", "Data directory."),
                               QStringLiteral("DIR"));
    QCommandLineOption levelOpt(
        QStringLiteral("log-level"),
        QApplication::translate("main", "Console log level (default warn)."),
        QStringLiteral("LEVEL"));
    QCommandLineOption shotOpt(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a PNG of the window after a few seconds and quit."),
        QStringLiteral("FILE"));
    QCommandLineOption pageOpt(QStringLiteral("page"),
                               QApplication::translate("main", "Page to show first."),
                               QStringLiteral("NAME"));
    QCommandLineOption delayOpt(
        QStringLiteral("screenshot-delay"),
        QApplication::translate("main", "Seconds to wait before the screenshot (default 4.5)."),
        QStringLiteral("SECONDS"), QStringLiteral("4.5"));
    QCommandLineOption backupOpt(
        QStringLiteral("backup"),
        QApplication::translate("main",
                                "Start a backup of SOURCE at launch (repeatable), as Back up now."),
        QStringLiteral("SOURCE"));
    QCommandLineOption drivesOpt(QStringLiteral("drives"),
                                 QApplication::translate("main", "Drives for --backup."),
                                 QStringLiteral("N"), QStringLiteral("0"));
    QCommandLineOption sessionsOpt(
        QStringLiteral("sessions-per-drive"),
        QApplication::translate("main", "Sessions per drive for --backup (default 4)."),
        QStringLiteral("K"), QStringLiteral("4"));
    QCommandLineOption exportOpt(
        QStringLiteral("export-report"),
        QApplication::translate("main", "Draw job ID's graphs into the --png file and quit."),
        QStringLiteral("ID"));
    QCommandLineOption pngOpt(QStringLiteral("png"),
                              QApplication::translate("main", "PNG file for --export-report."),
                              QStringLiteral("FILE"));
    QCommandLineOption noAutostartOpt(
        QStringLiteral("no-autostart"),
        QApplication::translate("main", "Start no service for the data directory when none runs: "
                                        "open it in this process (as TAPELOOM_AUTOSTART=0)."));
    parser.addOptions({homeOpt, levelOpt, shotOpt, delayOpt, pageOpt, backupOpt, drivesOpt,
                       sessionsOpt, exportOpt, pngOpt, noAutostartOpt});
    parser.process(*app);

    std::string level = parser.value(levelOpt).toStdString();
    if (level.empty())
        if (const char* env = std::getenv("TAPELOOM_LOG")) level = env;
    auto lvl = tl::log::parse_level(level.empty() ? "warn" : level);
    if (!lvl) {
        fprintf(stderr, "tapeloom: error: %s\n", lvl.error().message.c_str());
        return 2;
    }
    tl::log::set_console(lvl.value());
    tl::log::ring(); // the Log page's source; created before the engine logs its first line

    tl::EngineOptions options;
    std::string home = parser.value(homeOpt).toStdString();
    // The Settings page's "another data directory at next start": below --home and
    // TAPELOOM_HOME, above the XDG default.
    const char* envHome = std::getenv("TAPELOOM_HOME");
    if (home.empty() && !(envHome && *envHome))
        home = QSettings().value(QStringLiteral("app/home")).toString().toStdString();
    options.home = tl::resolve_home(home);
    // Beside the service (started when none runs, unless autostart is off) the console opens
    // read-only (docs/console.md "Beside the service"); drawing a report's PNG starts none.
    auto engine = tl::ui::openConsoleEngine(
        options, tl::ui::consoleAutostart(parser.isSet(noAutostartOpt) || parser.isSet(exportOpt)));
    if (!engine) {
        tl::log::record_only("ui")->error("{}", engine.error().message); // said once below
        fprintf(stderr, "tapeloom: error: %s\n", engine.error().message.c_str());
        if (!parser.isSet(exportOpt) && !parser.isSet(shotOpt)) // nobody to click OK otherwise
            QMessageBox::critical(nullptr, QApplication::translate("main", "Tapeloom cannot start"),
                                  QString::fromStdString(engine.error().message));
        return engine.error().kind == tl::ErrorKind::Busy ? 4 : 1;
    }

    if (parser.isSet(exportOpt)) {
        const qint64 id = parser.value(exportOpt).toLongLong();
        auto series = tl::catalog::load_series(*engine.value(), id);
        if (!series) {
            fprintf(stderr, "tapeloom: error: %s\n", series.error().message.c_str());
            return 1;
        }
        if (series->times.empty()) {
            fprintf(stderr,
                    "tapeloom: error: job %lld has no recorded series (it does not "
                    "exist, or ended before its first sample)\n",
                    static_cast<long long>(id));
            return 3;
        }
        const QString title = QApplication::translate("main", "Job %1").arg(id);
        if (!tl::ui::saveJobGraphsPng(series.value(), title, parser.value(pngOpt))) {
            fprintf(stderr, "tapeloom: error: cannot write %s\n", qPrintable(parser.value(pngOpt)));
            return 1;
        }
        return 0;
    }

    tl::ui::MainWindow window(*engine.value());
    if (parser.isSet(pageOpt)) window.showPage(parser.value(pageOpt));
    window.show();
    if (parser.isSet(backupOpt)) {
        tl::job::BackupOptions o;
        for (const auto& s : parser.values(backupOpt))
            o.sources.push_back(s.toStdString());
        o.drives = parser.value(drivesOpt).toULong();
        o.sessions_per_drive = parser.value(sessionsOpt).toULong();
        window.startBackup(o);
    }
    if (parser.isSet(shotOpt)) {
        const QString file = parser.value(shotOpt);
        const int delayMs = static_cast<int>(parser.value(delayOpt).toDouble() * 1000);
        QTimer::singleShot(delayMs, &window, [&window, file] {
            if (!window.grab().save(file))
                fprintf(stderr, "tapeloom: cannot write %s\n", qPrintable(file));
            // Nobody is there to answer the quit question: a running job is cancelled.
            window.setQuitQuestion([](const QString&, bool cancellable) {
                return cancellable ? tl::ui::MainWindow::QuitChoice::CancelJobAndQuit
                                   : tl::ui::MainWindow::QuitChoice::QuitWhenEnded;
            });
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
