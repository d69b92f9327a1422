#include <QtTest>

#include <chrono>

#include "catalog/db.h"
#include "catalog/schema.h"
#include "common/clock.h"
#include "media/pool.h"
#include "media/prune.h"
#include "media/reconcile.h"
#include "media/volume_catalog.h"
#include "schedule/job_definition.h"
#include "temp_catalog.h"

using namespace tl;
using namespace tl::media;
using std::chrono::hours;

// The catalog side of media management on a temporary catalog: the migrated schema, pools,
// state changes with history, retention over simulated months (ManualClock) and reconciling
// locations against a changer inventory.
class TestMediaCatalog : public QObject {
    Q_OBJECT

    tltest::TempCatalogs catalogs_;

    catalog::Db fresh() { return catalogs_.fresh(); }
    static std::int64_t volume(catalog::Db& db, const std::string& bc, const std::string& state,
                               const std::string& pool = "Default", int slot = 0) {
        auto q = db.prepare("INSERT INTO volumes(barcode, pool_id, state, block_size, labeled, "
                            "location, library, slot) VALUES(?,(SELECT id FROM pools WHERE "
                            "name=?),?,262144,1,'library','vlib0',?)");
        q->bind(1, bc).bind(2, pool).bind(3, state).bind(4, slot);
        if (!q->run()) qFatal("insert volume");
        return db.last_insert_rowid();
    }
    // A backup job with `files` file entries, on the given volume.
    static std::int64_t job(catalog::Db& db, const std::string& name, const std::string& level,
                            long long started, std::int64_t vol, int files = 3,
                            const std::string& pool = "Default") {
        auto j = db.prepare("INSERT INTO jobs(kind,name,level,pool_id,status,started,ended) "
                            "VALUES('backup',?,?,(SELECT id FROM pools WHERE name=?),'completed',"
                            "?,?)");
        j->bind(1, name).bind(2, level).bind(3, pool).bind(4, started).bind(5, started + 60);
        if (!j->run()) qFatal("insert job");
        const auto id = db.last_insert_rowid();
        auto s = db.prepare("INSERT INTO sessions(job_id, uuid, drive, block_size) "
                            "VALUES(?,randomblob(16),'d0',262144)");
        s->bind(1, id);
        if (!s->run()) qFatal("insert session");
        const auto sid = db.last_insert_rowid();
        auto ss = db.prepare("INSERT INTO savesets(job_id, session_id, stream_id, source, kind) "
                             "VALUES(?,?,1,'/src','tree')");
        ss->bind(1, id).bind(2, sid);
        if (!ss->run()) qFatal("insert saveset");
        const auto ssid = db.last_insert_rowid();
        (void)db.exec("INSERT OR IGNORE INTO dirs(path) VALUES('')");
        for (int i = 0; i < files; ++i) {
            auto f = db.prepare("INSERT INTO files(saveset_id, dir_id, name, kind, mode, uid, "
                                "gid, size, mtime, offset, volume_id, file_number, block) "
                                "VALUES(?,(SELECT id FROM dirs WHERE path=''),?,1,420,0,0,1,0,0,"
                                "?,1,0)");
            f->bind(1, ssid).bind(2, "f" + std::to_string(i)).bind(3, vol);
            if (!f->run()) qFatal("insert file");
        }
        auto t = db.prepare("INSERT INTO tape_files(session_id, volume_id, volume_seq, "
                            "file_number, start_pos, blocks, first_seq) VALUES(?,?,0,1,2,1,0)");
        t->bind(1, sid).bind(2, vol);
        if (!t->run()) qFatal("insert tape file");
        auto u = db.prepare("UPDATE volumes SET jobs=jobs+1, bytes=bytes+1000 WHERE id=?");
        u->bind(1, vol);
        if (!u->run()) qFatal("update volume");
        return id;
    }
    static long long now(const ManualClock& c) { return to_unix_seconds(c.wall()); }
    static std::int64_t count(catalog::Db& db, const std::string& sql) {
        return db.scalar(sql).value();
    }

private Q_SLOTS:
    void schemaAllowsNewStatesAndKeepsForeignKeys() {
        auto db = fresh();
        QVERIFY(db.exec("INSERT INTO volumes(barcode,state,block_size,labeled) "
                        "VALUES('B1','blank',0,0),('C1','cleaning',0,0)")
                    .ok());
        QVERIFY(!db.exec("INSERT INTO volumes(barcode,state,block_size,labeled) "
                         "VALUES('X1','offsite',0,0)")
                     .ok());
        QVERIFY(!db.exec("INSERT INTO volumes(barcode,state,block_size,labeled,location) "
                         "VALUES('X2','blank',0,0,'moon')")
                     .ok());
        QCOMPARE(count(db, "SELECT count(*) FROM pools WHERE name='Scratch' AND "
                           "purpose='scratch'"),
                 std::int64_t(1));
        // tape_files still references the rebuilt volumes table.
        const auto v = volume(db, "V1", "append");
        job(db, "a", "full", 1000, v);
        QVERIFY(!db.exec("DELETE FROM volumes WHERE barcode='V1'").ok());
        QCOMPARE(count(db, "SELECT count(*) FROM pragma_foreign_key_check"), std::int64_t(0));
    }

    void poolsAreValidatedAndGuarded() {
        auto db = fresh();
        PoolChanges c;
        c.retention_days = 60;
        c.file_retention_days = 14;
        c.max_jobs = 5;
        c.auto_recycle = false;
        auto p = add_pool(db, "Weekly", c, 1000);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        QCOMPARE(p->retention_days, 60);
        QCOMPARE(p->file_retention_days, 14);
        QCOMPARE(p->max_jobs, std::int64_t(5));
        QVERIFY(!p->auto_recycle);
        QCOMPARE(add_pool(db, "Weekly", {}, 1000).error().kind, ErrorKind::AlreadyExists);
        QCOMPARE(add_pool(db, "bad name", {}, 1000).error().kind, ErrorKind::InvalidArgument);
        PoolChanges longer;
        longer.file_retention_days = 90;
        auto e = edit_pool(db, "Weekly", longer);
        QCOMPARE(e.error().kind, ErrorKind::InvalidArgument);
        QVERIFY(QString::fromStdString(e.error().message).contains("Weekly"));
        QCOMPARE(find_pool(db, "Weekly")->file_retention_days, 14); // unchanged
        QCOMPARE(edit_pool(db, "Nope", {}).error().kind, ErrorKind::NotFound);
        // A pool with volumes, and the built-in pools, are not removed.
        volume(db, "W1", "append", "Weekly");
        auto r = remove_pool(db, "Weekly");
        QCOMPARE(r.error().kind, ErrorKind::InvalidArgument);
        QVERIFY(QString::fromStdString(r.error().message).contains("1 volume"));
        QVERIFY(!remove_pool(db, "Default").ok());
        QVERIFY(!remove_pool(db, "Scratch").ok());
        QVERIFY(add_pool(db, "Empty", {}, 1000).ok());
        QVERIFY(remove_pool(db, "Empty").ok());
        QCOMPARE(find_pool(db, "Empty").error().kind, ErrorKind::NotFound);
    }

    void stateChangesAreRecorded() {
        auto db = fresh();
        const auto id = volume(db, "V1", "append");
        auto v = find_volume(db, "V1");
        QVERIFY(v.ok());
        auto st = change_state(db, v.value(), VolumeEvent::MarkReadOnly, "operator", 1234);
        QCOMPARE(st.value(), VolumeState::ReadOnly);
        // A refused change writes nothing.
        v = find_volume(db, "V1");
        auto bad = change_state(db, v.value(), VolumeEvent::Fill, "drive", 1235);
        QVERIFY(!bad.ok());
        QVERIFY(QString::fromStdString(bad.error().message).contains("V1"));
        QCOMPARE(find_volume(db, "V1")->state, VolumeState::ReadOnly);
        auto h = volume_history(db, id);
        QCOMPARE(h->size(), std::size_t(1));
        QCOMPARE(h->front().from, std::string("append"));
        QCOMPARE(h->front().to, std::string("read-only"));
        QCOMPARE(h->front().reason, std::string("operator"));
        QCOMPARE(h->front().time, 1234LL);
        QCOMPARE(find_volume(db, "NOPE").error().kind, ErrorKind::NotFound);
    }

    void retentionOverSimulatedMonths() {
        auto db = fresh();
        PoolChanges c;
        c.retention_days = 30;
        c.file_retention_days = 7;
        QVERIFY(edit_pool(db, "Default", c).ok());
        ManualClock clock;
        const long long t0 = now(clock);
        const auto v1 = volume(db, "V1", "full"), v2 = volume(db, "V2", "used"),
                   v3 = volume(db, "V3", "append");
        const auto fullA = job(db, "A", "full", t0, v1);
        const auto fullB = job(db, "B", "full", t0, v2);
        clock.advance(hours(24 * 20));
        const auto incrA = job(db, "A", "incr", now(clock), v3);

        // Day 10: file entries older than 7 days go, except those of the full an incremental
        // depends on; nothing else.
        clock.advance(hours(24 * -10));
        auto dry = prune(db, now(clock), true);
        QVERIFY(dry.ok());
        QCOMPARE(dry->files_expired.size(), std::size_t(1));
        QCOMPARE(dry->files_expired.front().id, fullB);
        QCOMPARE(count(db, "SELECT count(*) FROM files"), std::int64_t(9)); // dry: unchanged
        auto p = prune(db, now(clock), false);
        QCOMPARE(p->files_expired.size(), std::size_t(1));
        QVERIFY(p->jobs_expired.empty());
        QCOMPARE(count(db, "SELECT count(*) FROM files"), std::int64_t(6));
        QCOMPARE(count(db, "SELECT count(*) FROM jobs"), std::int64_t(3));

        // Day 35: B expires and V2 becomes recyclable; A is past retention but incr A (day 20)
        // depends on it, so it is kept with its files.
        clock.advance(hours(24 * 25));
        p = prune(db, now(clock), false);
        QCOMPARE(p->jobs_expired.size(), std::size_t(1));
        QCOMPARE(p->jobs_expired.front().id, fullB);
        QCOMPARE(p->kept_for_dependency.size(), std::size_t(1));
        QCOMPARE(p->kept_for_dependency.front().id, fullA);
        QCOMPARE(p->kept_for_dependency.front().needed_by, incrA);
        QCOMPARE(p->volumes_recyclable, std::vector<std::string>{"V2"});
        QCOMPARE(find_volume(db, "V2")->state, VolumeState::Recyclable);
        QCOMPARE(find_volume(db, "V1")->state, VolumeState::Full);
        QCOMPARE(volume_history(db, v2)->back().reason,
                 std::string("retention expired: no kept job on it (prune)"));
        auto kept = kept_jobs_on_volume(db, v1, now(clock));
        QCOMPARE(kept->size(), std::size_t(1)); // the full, for the incremental
        QCOMPARE(count(db, "SELECT count(*) FROM files f JOIN savesets s ON s.id=f.saveset_id "
                           "WHERE s.job_id=" +
                               std::to_string(fullA)),
                 std::int64_t(3));

        // Day 51: the incremental expires, and with it the full; V1 and V3 hold nothing kept.
        clock.advance(hours(24 * 16));
        p = prune(db, now(clock), false);
        QCOMPARE(p->jobs_expired.size(), std::size_t(2));
        QCOMPARE(count(db, "SELECT count(*) FROM jobs"), std::int64_t(0));
        QCOMPARE(count(db, "SELECT count(*) FROM files"), std::int64_t(0));
        QCOMPARE(find_volume(db, "V1")->state, VolumeState::Recyclable);
        QCOMPARE(find_volume(db, "V3")->state, VolumeState::Recyclable);
        QVERIFY(kept_jobs_on_volume(db, v1, now(clock))->empty());
        // Nothing left: a second prune changes nothing.
        p = prune(db, now(clock), false);
        QVERIFY(p->jobs_expired.empty() && p->volumes_recyclable.empty());
        (void)v3;
    }

    void baseChainsAreKept() {
        auto db = fresh();
        if (count(db, "SELECT count(*) FROM pragma_table_info('savesets') WHERE name='base_id'") ==
            0)
            QVERIFY(db.exec("ALTER TABLE savesets ADD COLUMN base_id INTEGER").ok());
        PoolChanges c;
        c.retention_days = 15;
        QVERIFY(edit_pool(db, "Default", c).ok());
        ManualClock clock;
        const long long t0 = now(clock);
        const auto v = volume(db, "V1", "full");
        const auto f = job(db, "n", "full", t0, v);
        const auto i1 = job(db, "n", "incr", t0 + 10 * 86400, v);
        const auto i2 = job(db, "n", "incr", t0 + 20 * 86400, v);
        auto base = [&](std::int64_t job_id, std::int64_t base_job) {
            QVERIFY(db.exec("UPDATE savesets SET base_id=(SELECT id FROM savesets WHERE job_id=" +
                            std::to_string(base_job) + ") WHERE job_id=" + std::to_string(job_id))
                        .ok());
        };
        base(i1, f);
        base(i2, i1);
        // Day 30: only I2 is within retention; I1 (its base) and F (the full) are kept.
        auto p = prune(db, t0 + 30 * 86400, false);
        QVERIFY(p.ok());
        QVERIFY(p->jobs_expired.empty());
        QCOMPARE(p->kept_for_dependency.size(), std::size_t(2));
        for (const auto& k : p->kept_for_dependency)
            QCOMPARE(k.needed_by, i2);
        QCOMPARE(count(db, "SELECT count(*) FROM jobs"), std::int64_t(3));
        QCOMPARE(find_volume(db, "V1")->state, VolumeState::Full);
        // Day 36: I2 expires, the chain goes with it.
        p = prune(db, t0 + 36 * 86400, false);
        QCOMPARE(p->jobs_expired.size(), std::size_t(3));
        QCOMPARE(find_volume(db, "V1")->state, VolumeState::Recyclable);
    }

    // `job define --retention-days` overrides the pool's retention for the jobs the definition
    // runs (and their entries); other jobs in the pool keep the pool's.
    void definitionRetentionOverridesThePool() {
        auto db = fresh();
        PoolChanges c;
        c.retention_days = 10;
        QVERIFY(edit_pool(db, "Default", c).ok());
        ManualClock clock;
        const long long t0 = now(clock);
        schedule::JobDefinition d;
        d.name = "keep-long";
        d.sources = {catalogs_.path()};
        d.retention_days = 60;
        // Stored as the store stores it (its validation wants a configured library).
        auto add = db.prepare("INSERT INTO job_definitions(name, spec, created, updated) "
                              "VALUES(?,?,?,?)");
        add->bind(1, d.name).bind(2, schedule::to_json(d).dump()).bind(3, t0).bind(4, t0);
        QVERIFY(add->run().ok());
        const auto v1 = volume(db, "L1", "full");
        const auto v2 = volume(db, "S1", "full");
        const auto kept = job(db, "keep-long", "full", t0, v1);
        const auto other = job(db, "adhoc", "full", t0, v2);
        auto p = prune(db, t0 + 20 * 86400, false);
        QVERIFY(p.ok());
        QCOMPARE(p->jobs_expired.size(), std::size_t(1));
        QCOMPARE(p->jobs_expired[0].id, other);
        QCOMPARE(find_volume(db, "L1")->state, VolumeState::Full);
        QCOMPARE(find_volume(db, "S1")->state, VolumeState::Recyclable);
        p = prune(db, t0 + 61 * 86400, false);
        QCOMPARE(p->jobs_expired.size(), std::size_t(1));
        QCOMPARE(p->jobs_expired[0].id, kept);
        QCOMPARE(find_volume(db, "L1")->state, VolumeState::Recyclable);
    }

    void manualRecyclePoolsAreOnlyReported() {
        auto db = fresh();
        PoolChanges c;
        c.retention_days = 1;
        c.auto_recycle = false;
        QVERIFY(add_pool(db, "Manual", c, 0).ok());
        ManualClock clock;
        const auto v = volume(db, "M1", "full", "Manual");
        job(db, "m", "full", now(clock), v, 1, "Manual");
        clock.advance(hours(48));
        auto p = prune(db, now(clock), false);
        QCOMPARE(p->jobs_expired.size(), std::size_t(1));
        QVERIFY(p->volumes_recyclable.empty());
        QCOMPARE(p->volumes_to_recycle, std::vector<std::string>{"M1"});
        QCOMPARE(find_volume(db, "M1")->state, VolumeState::Full);
    }

    void purgeForgetsWhatAVolumeHolds() {
        auto db = fresh();
        const auto v = volume(db, "P1", "full"), w = volume(db, "P2", "full");
        job(db, "a", "full", 100, v);
        job(db, "b", "full", 200, v);
        job(db, "c", "full", 300, w);
        auto tx = catalog::Transaction::begin(db);
        auto n = purge_volume_contents(db, v);
        QVERIFY(tx->commit().ok());
        QCOMPARE(n.value(), std::int64_t(2));
        QCOMPARE(count(db, "SELECT count(*) FROM jobs"), std::int64_t(1));
        QCOMPARE(count(db, "SELECT count(*) FROM files WHERE volume_id=" + std::to_string(v)),
                 std::int64_t(0));
        QCOMPARE(count(db, "SELECT count(*) FROM files"), std::int64_t(3));
    }

    void reconcileFindsEveryDifference() {
        auto db = fresh();
        volume(db, "A1", "append", "Default", 1); // stays
        volume(db, "A2", "append", "Default", 2); // moved by hand to slot 7
        volume(db, "A3", "full", "Default", 3);   // missing
        volume(db, "A4", "full", "Default", 4);   // in a drive, from its slot: no difference
        const auto out = volume(db, "A5", "full");
        QVERIFY(set_location(db, out, Location::Outside, "", 0, "vault", 100).ok()); // returned
        device::Inventory inv;
        using device::ElementType;
        inv.drives.push_back({ElementType::Drive, 0, true, "A4", 4});
        for (int i = 1; i <= 8; ++i)
            inv.storage.push_back({ElementType::Slot, i, false, "", {}});
        auto put = [&](int slot, const std::string& bc) {
            inv.storage[static_cast<std::size_t>(slot) - 1].full = true;
            inv.storage[static_cast<std::size_t>(slot) - 1].barcode = bc;
        };
        put(1, "A1");
        put(7, "A2");
        put(5, "NEW001");
        put(6, "CLN001");
        inv.mail_slots.push_back({ElementType::MailSlot, 9, true, "A5", {}});

        auto d = reconcile(db, "vlib0", inv, 5000, false);
        QVERIFY(d.ok());
        std::map<std::string, Difference> by;
        for (const auto& x : d.value())
            by[x.barcode] = x;
        QCOMPARE(d->size(), std::size_t(5));
        QCOMPARE(by["A2"].kind, DifferenceKind::Moved);
        QCOMPARE(by["A2"].catalog_says, std::string("slot 2 of vlib0"));
        QCOMPARE(by["A2"].changer_says, std::string("slot 7"));
        QCOMPARE(by["A3"].kind, DifferenceKind::Missing);
        QCOMPARE(by["A5"].kind, DifferenceKind::Returned);
        QCOMPARE(by["A5"].changer_says, std::string("mail slot 1"));
        QCOMPARE(by["NEW001"].kind, DifferenceKind::Unknown);
        QCOMPARE(by["CLN001"].kind, DifferenceKind::Unknown);
        QCOMPARE(find_volume(db, "A2")->slot, 2); // report only
        QVERIFY(!lookup_volume(db, "NEW001")->has_value());

        QVERIFY(reconcile(db, "vlib0", inv, 5000, true).ok());
        QCOMPARE(find_volume(db, "A2")->slot, 7);
        QCOMPARE(find_volume(db, "A3")->location, Location::Outside);
        QCOMPARE(find_volume(db, "A3")->site, std::string("missing"));
        QCOMPARE(find_volume(db, "A5")->location, Location::Mail);
        QCOMPARE(find_volume(db, "NEW001")->state, VolumeState::Blank);
        QCOMPARE(find_volume(db, "CLN001")->state, VolumeState::Cleaning);
        QCOMPARE(volume_history(db, find_volume(db, "NEW001")->id)->size(), std::size_t(1));
        // Reconciled: no difference left.
        QCOMPARE(reconcile(db, "vlib0", inv, 5001, false)->size(), std::size_t(0));

        // A move made by Tapeloom updates the home of the cartridge it moved, nothing else.
        device::Inventory after = inv;
        after.storage[0].full = false;
        after.storage[0].barcode.clear();
        after.storage[7].full = true;
        after.storage[7].barcode = "A1";
        QVERIFY(record_moves(db, "vlib0", inv, after).ok());
        QCOMPARE(find_volume(db, "A1")->slot, 8);
    }
};

QTEST_GUILESS_MAIN(TestMediaCatalog)
#include "test_media_catalog.moc"
