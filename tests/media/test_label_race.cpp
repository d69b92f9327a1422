#include <QtTest>

#include <thread>

#include "common/version.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "job/label_job.h"
#include "media/volume_actions.h"
#include "media/volume_catalog.h"

using namespace tl;

// Two label requests for one blank cartridge (issue 42 item 19): both plan while it is blank,
// the first labels it, and the second, which waited for the cartridge, is told that it was
// labeled just now by another request and exits 5 (no-medium), writing nothing; it is never
// called another program's cartridge (foreign, exit 9).
class TestLabelRace : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::unique_ptr<Engine> engine_;

    Result<media::LabelPlan> plan(const std::string& barcode, const std::string& who) {
        media::LabelOptions o;
        o.barcode = barcode;
        o.pool = "Default";
        o.reason = "labeled by " + who;
        o.engine_version = engine_version();
        return media::plan_label(engine_catalog(*engine_), o,
                                 to_unix_seconds(engine_->clock().wall()));
    }

    Result<media::LabelResult> label(const media::LabelPlan& p) {
        auto lib =
            device::open_library(engine_catalog(*engine_), engine_->home(), "", engine_->clock());
        if (!lib) return lib.error();
        return media::label_reserved(*engine_, *lib.value(), p);
    }

    // The cartridges of the library the catalog does not know.
    std::vector<std::string> blanks() {
        auto& db = engine_catalog(*engine_);
        auto lib = device::open_library(db, engine_->home(), "", engine_->clock());
        if (!lib) return {};
        auto present = lib.value()->barcodes();
        if (!present) return {};
        std::vector<std::string> out;
        for (const auto& bc : present.value()) {
            auto known = media::lookup_volume(db, bc);
            if (known && !known.value() && !bc.empty() && bc.rfind("CLN", 0) != 0)
                out.push_back(bc);
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        EngineOptions o;
        o.home = (dir_.path() + "/home").toStdString();
        o.log_to_file = false;
        auto e = Engine::open(o);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
        engine_ = std::move(e.value());
    }

    void theLoserIsToldItWasLabeledJustNow() {
        const auto free = blanks();
        QVERIFY(!free.empty());
        const std::string bc = free.front();
        auto first = plan(bc, "request A");
        auto second = plan(bc, "request B");
        QVERIFY(first && second); // both saw a blank cartridge

        auto won = label(first.value());
        QVERIFY2(won, won ? "" : won.error().message.c_str());
        media::Refusal why;
        auto lib =
            device::open_library(engine_catalog(*engine_), engine_->home(), "", engine_->clock());
        QVERIFY(lib);
        auto lost = media::label_reserved(*engine_, *lib.value(), second.value(), &why);
        QVERIFY(!lost);
        QCOMPARE(lost.error().kind, ErrorKind::NoMedium); // exit 5 (docs/cli.md)
        const std::string& m = lost.error().message;
        QVERIFY2(m.find("labeled into pool Default just now") != std::string::npos, m.c_str());
        QVERIFY2(m.find("labeled by request A") != std::string::npos, m.c_str());
        QVERIFY(why.what == media::Refused::LabeledAlready);

        // Nothing was written: the volume is the winner's, labeled once.
        auto v = media::find_volume(engine_catalog(*engine_), bc);
        QVERIFY(v);
        QCOMPARE(v->labeled, won->volume.labeled);
        auto h = media::volume_history(engine_catalog(*engine_), v->id);
        QVERIFY(h);
        QCOMPARE(h->size(), std::size_t{1});
        QCOMPARE(h->front().reason, std::string("labeled by request A"));
    }

    // Two threads label the same cartridges at once: one label each, never "foreign".
    void concurrentLabelsOfOneCartridge() {
        auto free = blanks();
        QVERIFY(free.size() >= 3);
        free.resize(3);
        for (const auto& bc : free) {
            Result<media::LabelResult> a = make_error(ErrorKind::Internal, "not run");
            Result<media::LabelResult> b = a;
            auto run = [&](Result<media::LabelResult>& out, const char* who) {
                auto p = plan(bc, who);
                out = p ? label(p.value()) : Result<media::LabelResult>(p.error());
            };
            std::thread ta(run, std::ref(a), "thread A"), tb(run, std::ref(b), "thread B");
            ta.join();
            tb.join();
            QVERIFY2(a.ok() != b.ok(), bc.c_str()); // exactly one label
            const auto& loser = a ? b.error() : a.error();
            // Planned after the winner's label: labeled already; during it: labeled just now.
            QVERIFY2(loser.kind == ErrorKind::NoMedium || loser.kind == ErrorKind::AlreadyExists,
                     loser.message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestLabelRace)
#include "test_label_race.moc"
