#include "device/virtual_changer.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "common/home.h"
#include "common/log.h"
#include "device/changer_rules.h"
#include "device/mtx_status.h"

namespace tl::device {

namespace {
constexpr int kStateVersion = 1;

nlohmann::json element_json(const Element& e) {
    nlohmann::json j = {{"barcode", e.full ? e.barcode : std::string()}};
    if (e.type == ElementType::Drive && e.full && e.source_slot) j["source"] = *e.source_slot;
    return j;
}

bool valid_barcode(const std::string& b) {
    if (b.empty() || b.size() > 32) return false;
    for (char ch : b)
        if (ch <= ' ' || ch > '~' || ch == '/') return false;
    return true;
}
} // namespace

Result<std::unique_ptr<VirtualChanger>>
VirtualChanger::open(const VirtualChangerConfig& config, Clock& clock,
                     const std::vector<std::string>& barcodes) {
    if (config.drives < 1 || config.storage_slots < 1 || config.mail < 0)
        return make_error(ErrorKind::InvalidArgument,
                          "library " + config.name + ": needs at least 1 drive and 1 slot");
    TL_TRY(ensure_directory(config.dir + "/changer"));
    TL_TRY(ensure_directory(config.dir + "/media"));
    std::unique_ptr<VirtualChanger> c(new VirtualChanger(config, clock));
    auto lock = FileLock::take(config.dir + "/changer/lock");
    if (!lock) return lock.error();
    if (!std::filesystem::exists(c->state_path())) {
        if (barcodes.size() > static_cast<std::size_t>(config.storage_slots))
            return make_error(ErrorKind::InvalidArgument,
                              "library " + config.name + ": more cartridges than slots");
        State s;
        for (int d = 0; d < config.drives; ++d)
            s.inv.drives.push_back({ElementType::Drive, d, false, "", {}});
        for (int i = 1; i <= config.storage_slots; ++i) {
            const bool full = static_cast<std::size_t>(i) <= barcodes.size();
            s.inv.storage.push_back({ElementType::Slot,
                                     i,
                                     full,
                                     full ? barcodes[static_cast<std::size_t>(i) - 1] : "",
                                     {}});
        }
        for (int m = 1; m <= config.mail; ++m)
            s.inv.mail_slots.push_back(
                {ElementType::MailSlot, config.storage_slots + m, false, "", {}});
        TL_TRY(c->write_state(s));
        log::get("device")->info(
            "library {}: created virtual changer ({} drives, {} slots, {} mail slots)", config.name,
            config.drives, config.storage_slots, config.mail);
    }
    auto s = c->read_state();
    if (!s) return s.error();
    // The dimensions come from the state file once it exists.
    c->c_.drives = static_cast<int>(s->inv.drives.size());
    c->c_.storage_slots = static_cast<int>(s->inv.storage.size());
    c->c_.mail = static_cast<int>(s->inv.mail_slots.size());
    return c;
}

Result<VirtualChanger::State> VirtualChanger::read_state() {
    auto text = read_whole_file(state_path());
    if (!text) return text.error();
    auto j = nlohmann::json::parse(text.value(), nullptr, false);
    auto corrupt = [&](const std::string& why) {
        return make_error(ErrorKind::Corrupt,
                          "library " + c_.name + ": changer state " + state_path() + " " + why);
    };
    if (j.is_discarded() || !j.is_object()) return corrupt("is not valid JSON");
    if (j.value("version", 0) != kStateVersion) return corrupt("has an unknown version");
    State s;
    try {
        int n = 0;
        for (const auto& d : j.at("drives")) {
            Element e{ElementType::Drive, n++, false, d.value("barcode", ""), {}};
            e.full = !e.barcode.empty();
            if (d.contains("source")) e.source_slot = d.at("source").get<int>();
            s.inv.drives.push_back(e);
        }
        n = 1;
        for (const auto& b : j.at("slots")) {
            const auto bc = b.get<std::string>();
            s.inv.storage.push_back({ElementType::Slot, n++, !bc.empty(), bc, {}});
        }
        for (const auto& b : j.at("mail")) {
            const auto bc = b.get<std::string>();
            s.inv.mail_slots.push_back({ElementType::MailSlot, n++, !bc.empty(), bc, {}});
        }
        s.vault = j.value("vault", std::vector<std::string>{});
        s.moves = j.value("moves", std::uint64_t{0});
    } catch (const nlohmann::json::exception& e) {
        return corrupt(std::string("is malformed: ") + e.what());
    }
    return s;
}

Status VirtualChanger::write_state(const State& s) {
    nlohmann::json j;
    j["version"] = kStateVersion;
    j["drives"] = nlohmann::json::array();
    for (const auto& d : s.inv.drives)
        j["drives"].push_back(element_json(d));
    j["slots"] = nlohmann::json::array();
    for (const auto& e : s.inv.storage)
        j["slots"].push_back(e.full ? e.barcode : "");
    j["mail"] = nlohmann::json::array();
    for (const auto& e : s.inv.mail_slots)
        j["mail"].push_back(e.full ? e.barcode : "");
    j["vault"] = s.vault;
    j["moves"] = s.moves;
    return write_file_atomically(state_path(), j.dump(1) + "\n", c_.crash_hook);
}

Status VirtualChanger::mutate(const std::function<Status(State&)>& change) {
    std::lock_guard g(mu_);
    auto lock = FileLock::take(c_.dir + "/changer/lock");
    if (!lock) return lock.error();
    auto s = read_state();
    if (!s) return s.error();
    TL_TRY(change(s.value()));
    if (c_.robot_delay.count() > 0) clock_.sleep_for(c_.robot_delay);
    s->moves++;
    return write_state(s.value());
}

Result<Inventory> VirtualChanger::inventory() {
    std::lock_guard g(mu_);
    auto s = read_state();
    if (!s) return s.error();
    return s->inv;
}

Status VirtualChanger::load(int slot, int drive) {
    auto st = mutate([&](State& s) -> Status {
        TL_TRY(check_load(s.inv, c_.name, slot, drive));
        apply_load(s.inv, slot, drive);
        return {};
    });
    if (st)
        log::get("device")->info("library {}: loaded slot {} into drive {}", c_.name, slot, drive);
    else
        log::get("device")->warn("{}", st.error().message);
    return st;
}

Status VirtualChanger::unload(int drive, std::optional<int> slot) {
    auto st = mutate([&](State& s) -> Status {
        auto target = check_unload(s.inv, c_.name, drive, slot);
        if (!target) return target.error();
        if (busy_ && busy_(drive))
            return make_error(
                ErrorKind::Busy,
                "library " + c_.name + ": drive " + std::to_string(drive) +
                    " holds its cartridge open (medium removal prevented); close the drive first");
        apply_unload(s.inv, drive, target.value());
        return {};
    });
    if (st)
        log::get("device")->info("library {}: unloaded drive {}", c_.name, drive);
    else
        log::get("device")->warn("{}", st.error().message);
    return st;
}

Status VirtualChanger::transfer(int from_slot, int to_slot) {
    auto st = mutate([&](State& s) -> Status {
        TL_TRY(check_transfer(s.inv, c_.name, from_slot, to_slot));
        apply_transfer(s.inv, from_slot, to_slot);
        return {};
    });
    if (st)
        log::get("device")->info("library {}: moved slot {} to slot {}", c_.name, from_slot,
                                 to_slot);
    else
        log::get("device")->warn("{}", st.error().message);
    return st;
}

Status VirtualChanger::insert(int mail_slot, const std::string& barcode) {
    return mutate([&](State& s) -> Status {
        Element* m = find_slot(s.inv, mail_slot);
        if (!m || m->type != ElementType::MailSlot)
            return make_error(ErrorKind::NotFound, "library " + c_.name + ": slot " +
                                                       std::to_string(mail_slot) +
                                                       " is not a mail slot");
        if (!valid_barcode(barcode))
            return make_error(ErrorKind::InvalidArgument,
                              "library " + c_.name + ": barcode '" + barcode +
                                  "' is not 1-32 printable characters without spaces");
        if (m->full)
            return make_error(ErrorKind::NoSpace, "library " + c_.name + ": " +
                                                      describe(s.inv, *m) + " is full (holds " +
                                                      m->barcode + "); remove it first");
        if (const Element* e = find_barcode(s.inv, barcode))
            return make_error(ErrorKind::AlreadyExists, "library " + c_.name + ": cartridge " +
                                                            barcode + " is already in " +
                                                            describe(s.inv, *e));
        std::erase(s.vault, barcode);
        m->full = true;
        m->barcode = barcode;
        return {};
    });
}

Status VirtualChanger::remove(int mail_slot) {
    return mutate([&](State& s) -> Status {
        Element* m = find_slot(s.inv, mail_slot);
        if (!m || m->type != ElementType::MailSlot)
            return make_error(ErrorKind::NotFound, "library " + c_.name + ": slot " +
                                                       std::to_string(mail_slot) +
                                                       " is not a mail slot");
        if (!m->full)
            return make_error(ErrorKind::NoMedium,
                              "library " + c_.name + ": " + describe(s.inv, *m) + " is empty");
        s.vault.push_back(m->barcode);
        m->full = false;
        m->barcode.clear();
        return {};
    });
}

Result<std::vector<std::string>> VirtualChanger::vault() {
    std::lock_guard g(mu_);
    auto s = read_state();
    if (!s) return s.error();
    return s->vault;
}

std::string VirtualChanger::drive_barcode(int drive) {
    auto inv = inventory();
    if (!inv) return {};
    const Element* d = find_drive(inv.value(), drive);
    return d && d->full ? d->barcode : std::string();
}

Result<std::string> VirtualChanger::mtx_status_text(const std::string& label) {
    auto inv = inventory();
    if (!inv) return inv.error();
    return render_mtx_status(inv.value(), label.empty() ? c_.dir + "/changer" : label);
}

} // namespace tl::device
