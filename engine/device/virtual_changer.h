#pragma once
// The virtual autochanger (tape-notes §5c). Its state lives in <dir>/changer/state.json
// (versioned: drives with barcode and source slot, slots, mail slots, the outside "vault" and a
// move counter). Every mutation runs under an flock on <dir>/changer/lock, re-reads the state,
// checks the move (changer_rules.h), waits the robot delay on the injected Clock and replaces
// the file atomically (temp + fsync + rename + dir fsync), so a crash at any point leaves the
// old or the new state: a cartridge is never lost or duplicated. Cartridge folders live in
// <dir>/media/<barcode>/ and do not move. Thread-safe (an internal mutex plus the flock).
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/clock.h"
#include "device/atomic_file.h"
#include "device/changer.h"

namespace tl::device {

struct VirtualChangerConfig {
    std::string name; // library name, "vlib0"
    std::string dir;  // library folder: changer/ and media/ go here
    int drives = 4;
    int storage_slots = 24;
    int mail = 2;
    std::chrono::nanoseconds robot_delay{0};
    CrashHook crash_hook = nullptr; // tests: simulate a crash inside the state replacement
};

class VirtualChanger final : public Changer {
public:
    // Opens the changer, creating its state (cartridges `barcodes` in slots 1..n) when absent.
    static Result<std::unique_ptr<VirtualChanger>>
    open(const VirtualChangerConfig& config, Clock& clock,
         const std::vector<std::string>& barcodes = {});

    const std::string& name() const override { return c_.name; }
    Result<Inventory> inventory() override;
    Status load(int slot, int drive) override;
    Status unload(int drive, std::optional<int> slot = std::nullopt) override;
    Status transfer(int from_slot, int to_slot) override;

    // Operator actions at the mail slots (mtx numbering, S+1..S+M): put a cartridge in from
    // outside (a new blank one, or one that was removed before), or take one out to the vault.
    Status insert(int mail_slot, const std::string& barcode);
    Status remove(int mail_slot);
    Result<std::vector<std::string>> vault();

    // Barcode in drive `drive` ("" when empty or on error); what a VirtualTapeDrive resolves.
    std::string drive_barcode(int drive);
    std::string media_dir() const { return c_.dir + "/media"; }

    // A drive that is open cannot be unloaded ("medium removal prevented"): the library installs
    // this check. Returns true when the drive holds its cartridge open.
    void set_drive_busy_check(std::function<bool(int)> busy) { busy_ = std::move(busy); }

    // `mtx -f LABEL status` output for the current state, byte for byte as mtx prints it.
    Result<std::string> mtx_status_text(const std::string& label = "");

private:
    struct State {
        Inventory inv;
        std::vector<std::string> vault;
        std::uint64_t moves = 0;
    };
    VirtualChanger(VirtualChangerConfig c, Clock& clock) : c_(std::move(c)), clock_(clock) {}
    Result<State> read_state();
    Status write_state(const State& s);
    Status mutate(const std::function<Status(State&)>& change);
    std::string state_path() const { return c_.dir + "/changer/state.json"; }

    VirtualChangerConfig c_;
    Clock& clock_;
    std::mutex mu_;
    std::function<bool(int)> busy_;
};

} // namespace tl::device
