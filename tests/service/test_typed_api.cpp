#include <QtTest>

#include <set>

#include "cli_runner.h"
#include "client/service_api.h"
#include "client/service_client.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// The typed door (engine/client/api.h) over a real service: a restore started with a typed
// request runs as a job whose report and outcome the client reads back; a relative target is
// refused before any job is made; a volume is read, changed (state and place) and labeled by
// its barcode; every write is in the audit log with its caller and status.
class TestTypedApi : public QObject {
    Q_OBJECT

    static std::string s(const QString& q) { return q.toStdString(); }

    QTemporaryDir dir_;
    QString home_, src_;
    std::unique_ptr<tltest::ServiceGuard> guard_;
    std::int64_t backup_job_ = 0;
    std::string volume_;

    std::int64_t jobs_in_history() {
        auto r = run_cli(with_home(home_, {"jobs", "list", "--json"}));
        return r.json().array().size();
    }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        for (int i = 0; i < 3; ++i)
            QVERIFY(tltest::write_file(src_ + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(20000 + i * 777, 5 + i)));
        QVERIFY(tltest::write_file(src_ + "/etc/hosts.txt", "127.0.0.1 localhost\n"));
        // A key is made in the command's own process, before the service holds the directory.
        auto key = run_cli(with_home(home_, {"key", "create", "vault"}));
        QVERIFY2(key.exit_code == 0, key.err.constData());
        auto started = run_cli(with_home(home_, {"service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        guard_.reset(new tltest::ServiceGuard{home_}); // in place: a copy would stop it
        auto backup =
            run_cli(with_home(home_, {"backup", "--source", src_, "--drives", "1", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        backup_job_ = backup.json().object().value("job_id").toInt();
        volume_ = s(backup.json().object().value("volumes").toArray().first().toString());
    }

    void aRestoreIsAJobWhoseReportTheClientReads() {
        tl::client::ServiceClient c(s(home_));
        tl::client::ServiceApi api(c);
        tl::client::RestoreRequest r;
        r.job = backup_job_;
        r.paths = {s(src_) + "/etc/*"};
        r.target = s(dir_.path()) + "/restored";
        auto started = api.start_restore(r);
        QVERIFY2(started, started ? "" : started.error().message.c_str());
        QVERIFY(started->job > backup_job_);
        QCOMPARE(started->url, "/v1/jobs/" + std::to_string(started->job));
        auto ended = tl::client::wait_for_job(api, started->job);
        QVERIFY2(ended, ended ? "" : ended.error().message.c_str());
        QCOMPARE(ended->report->kind, std::string("restore"));
        QCOMPARE(ended->status, std::string("completed"));
        auto outcome = tl::client::restore_result(ended.value());
        QVERIFY(outcome);
        QCOMPARE(outcome->restored, std::uint64_t{1}); // the one file below etc/
        QCOMPARE(outcome->failed, std::uint64_t{0});
        QFile restored(dir_.path() + "/restored" + src_ + "/etc/hosts.txt");
        QVERIFY(restored.open(QIODevice::ReadOnly));
        QCOMPARE(restored.readAll(), QByteArray("127.0.0.1 localhost\n"));
        QVERIFY(!QFile::exists(dir_.path() + "/restored" + src_ + "/f0.bin"));
        // The job is over: nothing to cancel.
        auto cancel = api.cancel_job(started->job);
        QVERIFY(!cancel);
        QCOMPARE(cancel.error().kind, tl::ErrorKind::NotFound);
    }

    void aRefusedRestoreMakesNoJob() {
        tl::client::ServiceClient c(s(home_));
        tl::client::ServiceApi api(c);
        const auto before = jobs_in_history();
        tl::client::RestoreRequest r;
        r.job = backup_job_;
        r.target = "restored"; // relative: the service does not run in the caller's directory
        auto relative = api.start_restore(r);
        QVERIFY(!relative);
        QCOMPARE(relative.error().kind, tl::ErrorKind::InvalidArgument);
        QVERIFY2(relative.error().message.find("absolute") != std::string::npos,
                 relative.error().message.c_str());
        r.target = "/tmp/unused";
        r.job = 999999;
        auto unknown = api.start_restore(r);
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().kind, tl::ErrorKind::NotFound);
        QCOMPARE(jobs_in_history(), before);
    }

    void aVolumeIsReadChangedAndLabeledByBarcode() {
        tl::client::ServiceClient c(s(home_));
        tl::client::ServiceApi api(c);
        auto v = api.volume(volume_);
        QVERIFY2(v, v ? "" : v.error().message.c_str());
        QCOMPARE(v->pool, std::string("Default"));
        QCOMPARE(v->location.where, std::string("library"));
        QVERIFY(v->jobs >= 1);

        tl::client::VolumeChange hold;
        hold.state = "read-only";
        hold.reason = "audit hold";
        auto held = api.change_volume(volume_, hold);
        QVERIFY2(held, held ? "" : held.error().message.c_str());
        QCOMPARE(held->state, std::string("read-only"));
        auto history =
            run_cli(with_home(home_, {"volume", "history", QString::fromStdString(volume_)}));
        QVERIFY2(history.text().contains("audit hold"), history.out.constData());
        tl::client::VolumeChange enable;
        enable.state = "enabled";
        auto enabled = api.change_volume(volume_, enable);
        QVERIFY(enabled);
        QVERIFY(enabled->state != "read-only");

        tl::client::VolumeChange wrong;
        wrong.state = "lost";
        auto refused = api.change_volume(volume_, wrong);
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, tl::ErrorKind::InvalidArgument);
        auto missing = api.volume("NOSUCH01");
        QVERIFY(!missing);
        QCOMPARE(missing.error().kind, tl::ErrorKind::NotFound);

        tl::client::LabelRequest label;
        label.pool = "Default";
        auto labeled = api.label_volume("TLO003L9", label);
        QVERIFY2(labeled, labeled ? "" : labeled.error().message.c_str());
        QCOMPARE(labeled->volume.barcode, std::string("TLO003L9"));
        QCOMPARE(labeled->volume.pool, std::string("Default"));
        QCOMPARE(labeled->volume.state, std::string("append"));
        QVERIFY(!labeled->adopted);
        auto again = api.label_volume("TLO003L9", label); // labeled already: refused
        QVERIFY(!again);
    }

    void poolsAreListedAddedAndChanged() {
        tl::client::ServiceClient c(s(home_));
        tl::client::ServiceApi api(c);
        tl::client::PoolChanges values;
        values.retention_days = 14;
        values.purpose = "typed door";
        auto added = api.add_pool("Typed", values);
        QVERIFY2(added, added ? "" : added.error().message.c_str());
        QCOMPARE(added->retention_days, 14);
        auto taken = api.add_pool("Typed", values);
        QVERIFY(!taken);
        QCOMPARE(taken.error().kind, tl::ErrorKind::AlreadyExists);
        tl::client::PoolChanges change;
        change.max_jobs = 3;
        change.recycle = "manual";
        auto changed = api.change_pool("Typed", change);
        QVERIFY2(changed, changed ? "" : changed.error().message.c_str());
        QCOMPARE(changed->max_jobs, std::int64_t{3});
        QCOMPARE(changed->recycle, std::string("manual"));
        QCOMPARE(changed->retention_days, 14); // not named in the change: kept
        auto read = api.pool("Typed");
        QVERIFY(read);
        QCOMPARE(read->purpose, std::string("typed door"));
        auto all = api.pools();
        QVERIFY(all);
        QVERIFY(std::any_of(all->begin(), all->end(),
                            [](const tl::client::Pool& p) { return p.name == "Default"; }));
        QCOMPARE(api.pool("NoSuchPool").error().kind, tl::ErrorKind::NotFound);
        auto page = api.jobs(10, 0);
        QVERIFY(page);
        QCOMPARE(page->rows.front().id, backup_job_);
        QCOMPARE(page->rows.front().kind, std::string("backup"));
        QVERIFY(page->total >= 2);
        // The console's history: the same page with each job's rates from its report.
        auto rated = api.job_history(10, 0);
        QVERIFY2(rated, rated ? "" : rated.error().message.c_str());
        QCOMPARE(rated->rows.front().id, backup_job_);
        QVERIFY(rated->rows.front().wall_rate_Bps > 0);
        QVERIFY(rated->rows.front().elapsed_s > 0);
        QCOMPARE(page->rows.front().wall_rate_Bps, 0.0); // asked without rates
        auto volumes = api.volumes();
        QVERIFY(volumes);
        QVERIFY(std::any_of(volumes->begin(), volumes->end(),
                            [&](const tl::client::Volume& v) { return v.barcode == volume_; }));
    }

    void cartridgesMoveByResource() {
        tl::client::ServiceClient c(s(home_));
        tl::client::ServiceApi api(c);
        // Every slot of the virtual library is full: slot 10 goes into drive 3 first.
        auto loaded = api.load("vlib0", {10, 3});
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        QCOMPARE(loaded->done, std::string("loaded slot 10 into drive 3"));
        auto there = api.transfer("vlib0", {11, 10});
        QVERIFY2(there, there ? "" : there.error().message.c_str());
        QCOMPARE(there->done, std::string("moved slot 11 to slot 10"));
        auto full = api.transfer("vlib0", {12, 10}); // slot 10 holds 11's cartridge now
        QVERIFY(!full);
        QVERIFY(api.transfer("vlib0", {10, 11}));
        tl::client::UnloadRequest home;
        home.drive = 3;
        auto unloaded = api.unload("vlib0", home);
        QVERIFY2(unloaded, unloaded ? "" : unloaded.error().message.c_str());
        auto status = run_cli(with_home(home_, {"library", "status", "--json"}));
        QCOMPARE(status.json().object().value("slots_full").toInt(), 24);
        auto mail = api.import_cartridge("vlib0", {9, 10});
        QVERIFY(!mail);
        QCOMPARE(mail.error().kind, tl::ErrorKind::NotFound);
        QCOMPARE(api.load("nolib", {1, 0}).error().kind, tl::ErrorKind::NotFound);
    }

    void theConfigurationIsReadTyped() {
        QCOMPARE(run_cli(with_home(home_,
                                   {"job", "define", "nightly", "--source", src_, "--drives", "1"}))
                     .exit_code,
                 0);
        QCOMPARE(
            run_cli(with_home(home_, {"schedule", "add", "nightly", "daily at 02:00"})).exit_code,
            0);
        QCOMPARE(run_cli(with_home(home_, {"token", "add", "ops", "--scope", "operate"})).exit_code,
                 0);
        tl::client::ServiceClient c(s(home_));
        tl::client::ServiceApi api(c);
        auto defs = api.definitions();
        QVERIFY2(defs, defs ? "" : defs.error().message.c_str());
        QCOMPARE(defs->size(), std::size_t{1});
        QCOMPARE(defs->front().sources, std::vector<std::string>{s(src_)});
        QCOMPARE(defs->front().schedules.size(), std::size_t{1});
        QCOMPARE(defs->front().schedules.front().rule, std::string("daily at 02:00"));
        auto one = api.definition("nightly");
        QVERIFY(one);
        QCOMPARE(one->pool, std::string("Default"));
        QCOMPARE(api.definition("nosuch").error().kind, tl::ErrorKind::NotFound);
        auto schedules = api.schedules();
        QVERIFY(schedules);
        QCOMPARE(schedules->front().definition, std::string("nightly"));
        auto keys = api.keys();
        QVERIFY(keys);
        QCOMPARE(keys->size(), std::size_t{1});
        QCOMPARE(keys->front().name, std::string("vault"));
        QVERIFY(keys->front().id.rfind("vault:", 0) == 0); // NAME:FINGERPRINT, no key material
        auto tokens = api.tokens();
        QVERIFY(tokens);
        QCOMPARE(tokens->size(), std::size_t{1});
        QCOMPARE(tokens->front().name, std::string("ops"));
        QCOMPARE(tokens->front().scope, std::string("operate"));
    }

    // The CLI's removals and recycle through a running service call the typed door's methods
    // (the console's too): the audit log names their routes, the text is the command's.
    void cliRemovalsGoThroughTheTypedDoor() {
        tl::client::ServiceClient c(s(home_));
        auto schedules = tl::client::ServiceApi(c).schedules();
        QVERIFY(schedules && !schedules->empty());
        const QString id = QString::number(schedules->front().id);
        auto r = run_cli(with_home(home_, {"schedule", "remove", id}));
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.text().trimmed(), "Schedule " + id + " removed.");
        r = run_cli(with_home(home_, {"job", "remove", "nightly"}));
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.text().contains("'nightly' and its schedules removed"), r.out.constData());
        QCOMPARE(run_cli(with_home(home_, {"pool", "add", "Temp"})).exit_code, 0);
        r = run_cli(with_home(home_, {"pool", "remove", "Temp", "--json"}));
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.json().object().value("removed").toString(), QStringLiteral("Temp"));
        r = run_cli(with_home(home_, {"client", "remove", "nosuch"}));
        QCOMPARE(r.exit_code, 3); // NotFound (docs/cli.md)
        QVERIFY2(r.err.contains("nosuch"), r.err.constData());
        r = run_cli(with_home(home_, {"volume", "recycle", "TLO003L9"}));
        QVERIFY(r.exit_code != 0); // appendable: nothing to give up
        QVERIFY2(r.err.contains("cannot be recycled"), r.err.constData());
        auto audit = c.audit(0, 1000);
        QVERIFY(audit);
        std::set<std::string> seen;
        for (const auto& e : audit.value()["entries"])
            seen.insert(e["method"].get<std::string>() + " " + e["route"].get<std::string>());
        for (const std::string& want :
             {"DELETE /v1/schedules/" + s(id), std::string("DELETE /v1/definitions/nightly"),
              std::string("DELETE /v1/pools/Temp"), std::string("DELETE /v1/clients/nosuch"),
              std::string("POST /v1/volumes/TLO003L9/recycle")})
            QVERIFY2(seen.count(want), want.c_str());
    }

    void everyWriteIsAudited() {
        tl::client::ServiceClient c(s(home_));
        auto audit = c.audit(0, 1000);
        QVERIFY(audit);
        bool patch = false, restore = false, label = false;
        for (const auto& e : audit.value()["entries"]) {
            const auto route = e["route"].get<std::string>();
            if (e["method"] == "PATCH" && route == "/v1/volumes/" + volume_ && e["status"] == 200)
                patch |= e["detail"].value("reason", std::string()) == "audit hold";
            restore |= route == "/v1/restores" && e["status"] == 202;
            label |= route == "/v1/volumes/TLO003L9/label" && e["status"] == 200;
            QVERIFY(e["who"].get<std::string>().rfind("uid ", 0) == 0);
        }
        QVERIFY(patch);
        QVERIFY(restore);
        QVERIFY(label);
    }

    void cleanupTestCase() { guard_.reset(); }
};

QTEST_GUILESS_MAIN(TestTypedApi)
#include "test_typed_api.moc"
