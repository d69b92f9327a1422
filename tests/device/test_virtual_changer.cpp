// VirtualChanger: every move, every refusal (nothing changes), persistence, robot delay on the
// injected clock, and a process killed in the middle of a move.
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <filesystem>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

#include "common/clock.h"
#include "device/changer_rules.h"
#include "device/virtual_changer.h"

using namespace tl;
using namespace tl::device;

namespace {
std::multiset<std::string> all_barcodes(const Inventory& inv) {
    std::multiset<std::string> s;
    for (const auto* v : {&inv.drives, &inv.storage, &inv.mail_slots})
        for (const auto& e : *v)
            if (e.full) s.insert(e.barcode);
    return s;
}
void crash_before_rename(const char* step) {
    if (std::string(step) == "tmp-written") _exit(42);
}
void crash_after_rename(const char* step) {
    if (std::string(step) == "renamed") _exit(43);
}
} // namespace

class TestVirtualChanger : public QObject {
    Q_OBJECT
    ManualClock clock_;

    std::unique_ptr<VirtualChanger> make(const QTemporaryDir& dir, CrashHook hook = nullptr,
                                         std::chrono::nanoseconds delay = {}) {
        VirtualChangerConfig c{"vt", dir.path().toStdString(), 2, 4, 1, delay, hook};
        auto ch = VirtualChanger::open(c, clock_, {"AAA001L9", "AAA002L9", "AAA003L9"});
        if (!ch) qFatal("%s", ch.error().message.c_str());
        return std::move(ch.value());
    }

    // Runs `op`, expects refusal of `kind` with `message`, and an unchanged inventory.
    void refused(VirtualChanger& ch, const std::function<Status()>& op, ErrorKind kind,
                 const std::string& message) {
        const auto before = ch.mtx_status_text("x").value();
        auto s = op();
        QVERIFY(!s.ok());
        QCOMPARE(s.error().kind, kind);
        QCOMPARE(s.error().message, message);
        QCOMPARE(ch.mtx_status_text("x").value(), before);
    }

private slots:
    void initial_state() {
        QTemporaryDir dir;
        auto ch = make(dir);
        auto inv = ch->inventory();
        QCOMPARE(inv->drives.size(), std::size_t{2});
        QCOMPARE(inv->storage.size(), std::size_t{4});
        QCOMPARE(inv->mail_slots.size(), std::size_t{1});
        QCOMPARE(inv->mail_slots[0].number, 5);
        QVERIFY(inv->storage[2].full && !inv->storage[3].full);
        QVERIFY(std::filesystem::exists(dir.path().toStdString() + "/changer/state.json"));
    }

    void every_move() {
        QTemporaryDir dir;
        auto ch = make(dir, nullptr, std::chrono::seconds(10));
        const auto t0 = clock_.now();
        QVERIFY(ch->load(1, 0).ok());                      // slot -> drive
        QCOMPARE(seconds_between(t0, clock_.now()), 10.0); // robot delay on the injected clock
        QCOMPARE(ch->drive_barcode(0), std::string("AAA001L9"));
        QVERIFY(ch->unload(0).ok()); // drive -> source slot
        QVERIFY(ch->inventory()->storage[0].full);
        QVERIFY(ch->load(2, 1).ok());
        QVERIFY(ch->unload(1, 4).ok()); // drive -> chosen slot
        QCOMPARE(ch->inventory()->storage[3].barcode, std::string("AAA002L9"));
        QVERIFY(ch->transfer(4, 2).ok()); // slot -> slot
        QVERIFY(ch->transfer(3, 5).ok()); // export to the mail slot
        QVERIFY(ch->remove(5).ok());      // operator takes it out
        QCOMPARE(ch->vault().value(), std::vector<std::string>{"AAA003L9"});
        QVERIFY(ch->insert(5, "AAA003L9").ok()); // and brings it back
        QVERIFY(ch->vault()->empty());
        QVERIFY(ch->transfer(5, 3).ok());        // import
        QVERIFY(ch->insert(5, "NEW001L9").ok()); // a new blank cartridge
        QVERIFY(ch->load(5, 0).ok());            // load straight from the mail slot
        QVERIFY(ch->unload(0).ok());
        // Persisted: a second object sees the same.
        auto again = make(dir);
        QCOMPARE(all_barcodes(again->inventory().value()),
                 (std::multiset<std::string>{"AAA001L9", "AAA002L9", "AAA003L9", "NEW001L9"}));
        QCOMPARE(again->inventory()->mail_slots[0].barcode, std::string("NEW001L9"));
    }

    void every_refusal() {
        QTemporaryDir dir;
        auto ch = make(dir);
        QVERIFY(ch->load(1, 0).ok());
        auto& c = *ch;
        refused(
            c, [&] { return c.load(4, 1); }, ErrorKind::NoMedium,
            "library vt: slot 4 is empty; see 'tapeloom-cli library inventory'");
        refused(
            c, [&] { return c.load(2, 0); }, ErrorKind::NoSpace,
            "library vt: drive 0 is full (holds AAA001L9); unload it first");
        refused(
            c, [&] { return c.load(9, 1); }, ErrorKind::NotFound,
            "library vt: slot 9 does not exist (storage slots 1..4, mail slots 5..5)");
        refused(
            c, [&] { return c.load(2, 7); }, ErrorKind::NotFound,
            "library vt: drive 7 does not exist (drives 0..1)");
        // --mail counts mail slots from 1, --slot after the storage slots: the error says both.
        auto inv = c.inventory();
        QVERIFY(inv.ok());
        QCOMPARE(device::mail_slot_element(inv.value(), "vt", 1).value(), 5);
        auto no_mail = device::mail_slot_element(inv.value(), "vt", 5);
        QVERIFY(!no_mail.ok());
        QCOMPARE(no_mail.error().message,
                 std::string("library vt: mail slot 5 does not exist (mail slots 1..1, which "
                             "--slot numbers 5..5)"));
        refused(
            c, [&] { return c.unload(1); }, ErrorKind::NoMedium, "library vt: drive 1 is empty");
        refused(
            c, [&] { return c.unload(0, 2); }, ErrorKind::NoSpace,
            "library vt: slot 2 is full (holds AAA002L9); unload into an empty slot (--slot N)");
        refused(
            c, [&] { return c.transfer(4, 2); }, ErrorKind::NoMedium,
            "library vt: slot 4 is empty; see 'tapeloom-cli library inventory'");
        refused(
            c, [&] { return c.transfer(2, 3); }, ErrorKind::NoSpace,
            "library vt: slot 3 is full (holds AAA003L9); choose an empty slot");
        refused(
            c, [&] { return c.transfer(2, 2); }, ErrorKind::InvalidArgument,
            "library vt: cannot move slot 2 onto itself");
        refused(
            c, [&] { return c.insert(2, "X"); }, ErrorKind::NotFound,
            "library vt: slot 2 is not a mail slot");
        refused(
            c, [&] { return c.insert(5, "AAA002L9"); }, ErrorKind::AlreadyExists,
            "library vt: cartridge AAA002L9 is already in slot 2");
        refused(
            c, [&] { return c.insert(5, "bad code"); }, ErrorKind::InvalidArgument,
            "library vt: barcode 'bad code' is not 1-32 printable characters without spaces");
        refused(
            c, [&] { return c.remove(5); }, ErrorKind::NoMedium,
            "library vt: mail slot 1 (--slot 5) is empty");
        ch->set_drive_busy_check([](int d) { return d == 0; });
        refused(
            c, [&] { return c.unload(0); }, ErrorKind::Busy,
            "library vt: drive 0 holds its cartridge open (medium removal prevented); close the "
            "drive first");
    }

    void crash_in_the_middle_of_a_move() {
        for (CrashHook hook : {&crash_before_rename, &crash_after_rename}) {
            QTemporaryDir dir;
            make(dir);
            pid_t pid = ::fork();
            if (pid == 0) {
                auto ch = make(dir, hook);
                (void)ch->load(1, 0);
                _exit(0);
            }
            int status = 0;
            ::waitpid(pid, &status, 0);
            QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) >= 42);
            auto ch = make(dir);
            auto inv = ch->inventory();
            QVERIFY(inv.ok());
            QCOMPARE(all_barcodes(inv.value()),
                     (std::multiset<std::string>{"AAA001L9", "AAA002L9", "AAA003L9"}));
            const bool moved = ch->drive_barcode(0) == "AAA001L9";
            QCOMPARE(moved, hook == &crash_after_rename);
            QVERIFY(ch->load(2, 1).ok()); // still usable
        }
    }

    void killed_during_many_moves() {
        QTemporaryDir dir;
        make(dir);
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        pid_t pid = ::fork();
        if (pid == 0) {
            ::close(fds[0]);
            auto ch = make(dir);
            for (int i = 0;; ++i) {
                (void)ch->load(1, 0);
                (void)ch->transfer(2, 4);
                (void)ch->unload(0);
                (void)ch->transfer(4, 2);
                if (i == 30) (void)!::write(fds[1], "r", 1);
            }
        }
        ::close(fds[1]);
        char c = 0;
        QCOMPARE(::read(fds[0], &c, 1), ssize_t{1});
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        ::close(fds[0]);
        auto ch = make(dir);
        auto inv = ch->inventory();
        QVERIFY(inv.ok());
        QCOMPARE(all_barcodes(inv.value()),
                 (std::multiset<std::string>{"AAA001L9", "AAA002L9", "AAA003L9"}));
    }
};

QTEST_GUILESS_MAIN(TestVirtualChanger)
#include "test_virtual_changer.moc"
