#include <QtTest>

#include <QAbstractItemView>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTranslator>

#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "models/job_history_model.h"
#include "pages/dashboard/dashboard_page.h"
#include "shell/main_window.h"

using tltest::run_cli;

namespace {
void cli(const QStringList& args) {
    const auto r = run_cli(args);
    QVERIFY2(r.exit_code == 0, qPrintable(args.join(' ') + ": " + QString::fromUtf8(r.err)));
}

// The columns of `header` whose title or (in a table) cell text does not fit (the last one
// stretches).
QStringList cutTitles(QHeaderView* header) {
    auto* table = qobject_cast<QTableView*>(header->parentWidget());
    QStringList cut;
    auto* model = header->model();
    if (!model) return cut;
    int lastVisual = -1;
    for (int v = header->count() - 1; v >= 0 && lastVisual < 0; --v)
        if (!header->isSectionHidden(header->logicalIndex(v))) lastVisual = v;
    for (int c = 0; c < header->count(); ++c) {
        if (header->isSectionHidden(c) ||
            (header->stretchLastSection() && header->visualIndex(c) == lastVisual))
            continue;
        const int want =
            qMax(header->sectionSizeHint(c),
                 table ? static_cast<QAbstractItemView*>(table)->sizeHintForColumn(c) : 0);
        if (header->sectionSize(c) < want)
            cut << model->headerData(c, header->orientation()).toString() +
                       QStringLiteral(" (%1 < %2)").arg(header->sectionSize(c)).arg(want);
    }
    return cut;
}

// Every cell text of the item views under `page`.
QStringList cellTexts(QWidget* page) {
    QStringList out;
    for (auto* view : page->findChildren<QAbstractItemView*>()) {
        auto* m = view->model();
        for (int r = 0; m && r < m->rowCount(); ++r)
            for (int c = 0; c < m->columnCount(); ++c)
                out << m->index(r, c).data().toString();
    }
    return out;
}

// The texts of every label on the Dashboard of a console on `ctx` once it shows the ended
// job `job`.
QStringList dashboardTexts(const tl::ui::ConsoleContext& ctx, qint64 job) {
    tl::ui::MainWindow w(ctx);
    w.resize(1400, 1000);
    w.show();
    w.showPage(QStringLiteral("dashboard"));
    auto* page = w.dashboardPage();
    const auto& last = page->lastSnapshot();
    if (!QTest::qWaitFor([&] { return last && last->job_id == job && last->ended; }, 10000))
        return {QStringLiteral("the Dashboard did not show job %1").arg(job)};
    QStringList out;
    for (auto* label : page->findChildren<QLabel*>())
        out << label->text();
    return out;
}

// `texts` has no English word of the engine's ("completed", "full", ...) nor "1 Dateien".
void noEnglishOnTheDashboard(const QStringList& texts) {
    static const QRegularExpression english(
        QStringLiteral("\\b(completed|full|done|reading|files?|to original location)\\b|"
                       "\\(to /|\\b1 Dateien"));
    for (const auto& text : texts)
        QVERIFY2(!english.match(text).hasMatch(), qPrintable(text));
}
} // namespace

// Issue 18, item 17: the console in German. Every page of a used data directory (labeled
// cartridges, pools, a definition with a schedule, a backup and a restore) shows its column
// titles whole, and no engine word is left in English in the tables ("backup", "scratch",
// "full", "completed"), nor "Volume" in a title. A console beside the real service of a temporary
// data directory, the German translation of translations/tapeloom_de.ts.
class TestGerman : public QObject {
    Q_OBJECT
    QTranslator translator_;

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_german"));
        QSettings().clear(); // no remembered column widths
        tl::log::ring();
        QVERIFY2(translator_.load(QStringLiteral(TAPELOOM_DE_QM)), TAPELOOM_DE_QM);
        QCoreApplication::installTranslator(&translator_);
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    }

    void everyPageFitsItsGermanTitles() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        const QString src = dir.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QFile f(src + "/a.txt");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hallo");
        f.close();
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        cli({"--home", home, "volume", "label", "--all-blank", "--pool", "Default"});
        cli({"--home", home, "job", "define", "nightly-webservers", src});
        cli({"--home", home, "schedule", "add", "nightly-webservers",
             "full sun at 23:05; incr mon-sat at 23:05", "--name", "weeknights"});
        cli({"--home", home, "job", "run", "nightly-webservers", "--level", "full"});
        cli({"--home", home, "restore", "--job", "1", "--to", dir.path() + "/back"});
        QVERIFY(!QTest::currentTestFailed());

        tl::ui::MainWindow w(c.ctx);
        w.resize(1400, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QStringList english = {QStringLiteral("backup"),    QStringLiteral("restore"),
                                     QStringLiteral("scratch"),   QStringLiteral("full"),
                                     QStringLiteral("completed"), QStringLiteral("append")};
        const QString shots = qEnvironmentVariable("TAPELOOM_SHOT_DIR");
        for (const char* name : {"dashboard", "jobs", "restore", "media", "library", "reports",
                                 "devices", "settings"}) {
            QVERIFY(w.showPage(QString::fromLatin1(name)));
            QTest::qWait(1500); // the page reads its tables on a worker thread
            QWidget* page = w.centralWidget();
            for (auto* header : page->findChildren<QHeaderView*>()) {
                if (header->orientation() != Qt::Horizontal || !header->isVisible()) continue;
                const QStringList cut = cutTitles(header);
                QVERIFY2(cut.isEmpty(), qPrintable(QString::fromLatin1(name) + ": " +
                                                   cut.join(QStringLiteral(", "))));
                for (int c = 0; c < header->count(); ++c)
                    QVERIFY2(!header->model()
                                  ->headerData(c, Qt::Horizontal)
                                  .toString()
                                  .contains(QStringLiteral("Volume")),
                             name);
            }
            for (const auto& text : cellTexts(page))
                QVERIFY2(!english.contains(text),
                         qPrintable(QString::fromLatin1(name) + ": " + text));
            if (!shots.isEmpty()) {
                QDir().mkpath(shots);
                w.grab().save(shots + "/de_" + QString::fromLatin1(name) + ".png");
            }
        }
    }

    // Issue 42, item 31: the Dashboard after a one-file backup and after its restore says
    // "abgeschlossen", "voll", "1 Datei", "nach /…" — no engine word in English.
    void dashboardSpeaksGerman() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        const QString src = dir.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QFile f(src + "/a.txt");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hallo");
        f.close();
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);
        cli({"--home", home, "volume", "label", "--all-blank", "--pool", "Default"});
        cli({"--home", home, "job", "define", "einzeln", src + "/a.txt"}); // one file
        cli({"--home", home, "job", "run", "einzeln", "--level", "full"});
        QVERIFY(!QTest::currentTestFailed());

        QStringList texts = dashboardTexts(c.ctx, 1);
        noEnglishOnTheDashboard(texts);
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("beendet: abgeschlossen")), qPrintable(all));
        QVERIFY2(texts.contains(QStringLiteral("voll")), qPrintable(all)); // the level
        QVERIFY2(all.contains(QStringLiteral(" in 1 Datei")), qPrintable(all));

        const QString back = dir.path() + "/back";
        cli({"--home", home, "restore", "--job", "1", "--to", back});
        QVERIFY(!QTest::currentTestFailed());
        texts = dashboardTexts(c.ctx, 2);
        noEnglishOnTheDashboard(texts);
        QVERIFY2(texts.join(QLatin1Char('\n')).contains(QStringLiteral("(nach ") + back + ")"),
                 qPrintable(texts.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestGerman)
#include "test_german.moc"
