// tapeloom: the console. Wires the engine to the Qt UI: logging sinks, translations, the data
// directory, and the main window.
#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTimer>
#include <QTranslator>

#include "api/engine.h"
#include "common/home.h"
#include "common/log.h"
#include "common/version.h"
#include "shell/main_window.h"

namespace {
void installTranslators(QApplication& app) {
    auto* qtTr = new QTranslator(&app);
    if (qtTr->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                   QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtTr);
    auto* ours = new QTranslator(&app);
    if (ours->load(QLocale(), QStringLiteral("tapeloom"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")))
        QApplication::installTranslator(ours);
}
} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Tapeloom"));
    QApplication::setApplicationName(QStringLiteral("tapeloom"));
    QApplication::setApplicationVersion(QString::fromLatin1(tl::engine_version()));
    installTranslators(app);

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
    parser.addOptions({homeOpt, levelOpt, shotOpt, pageOpt});
    parser.process(app);

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
    options.home = tl::resolve_home(parser.value(homeOpt).toStdString());
    auto engine = tl::Engine::open(options);
    if (!engine) {
        tl::log::get("ui")->error("{}", engine.error().message);
        QMessageBox::critical(nullptr, QApplication::translate("main", "Tapeloom cannot start"),
                              QString::fromStdString(engine.error().message));
        return engine.error().kind == tl::ErrorKind::Busy ? 4 : 1;
    }

    tl::ui::MainWindow window(*engine.value());
    if (parser.isSet(pageOpt)) window.showPage(parser.value(pageOpt));
    window.show();
    if (parser.isSet(shotOpt)) {
        const QString file = parser.value(shotOpt);
        QTimer::singleShot(4500, &window, [&window, file] {
            if (!window.grab().save(file))
                fprintf(stderr, "tapeloom: cannot write %s\n", qPrintable(file));
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
