#include "context/reservations.h"

#include <algorithm>
#include <chrono>

#include "common/log.h"

namespace tl::job {

namespace {
// How often a waiting job looks at its cancel flag (the flag cannot wake a condition variable).
constexpr auto kCancelPoll = std::chrono::milliseconds(50);
constexpr auto kServiceRecheck = std::chrono::seconds(1); // drives out of service, while waiting
} // namespace

std::string describe_holders(const std::vector<HolderName>& holders) {
    const bool all_jobs = std::all_of(holders.begin(), holders.end(),
                                      [](const HolderName& h) { return h.job_id > 0; });
    std::string out = all_jobs ? (holders.size() == 1 ? "job " : "jobs ") : "";
    for (std::size_t i = 0; i < holders.size(); ++i) {
        const auto& h = holders[i];
        out += i ? ", " : "";
        if (all_jobs)
            out += std::to_string(h.job_id);
        else
            out += h.job_id > 0 ? "job " + std::to_string(h.job_id) : h.job_name;
    }
    return out;
}

Reservation::~Reservation() {
    book_.release(key_);
}
bool Reservation::try_add_volume(const std::string& barcode) {
    return book_.add_volume(key_, barcode);
}
void Reservation::drop_volume(const std::string& barcode) {
    book_.drop_volume(key_, barcode);
}
bool Reservation::holds_volume(const std::string& barcode) const {
    return book_.holds(key_, barcode);
}
bool Reservation::held_by_other(const std::string& barcode) const {
    std::lock_guard lock(book_.mutex_);
    return !book_.volume_holder(barcode, key_).empty();
}

ReservationBook::Held* ReservationBook::find(std::uint64_t key) {
    for (auto& h : held_)
        if (h.key == key) return &h;
    return nullptr;
}

std::string ReservationBook::volume_holder(const std::string& barcode, std::uint64_t except) const {
    for (const auto& h : held_)
        if (h.key != except && h.volumes.count(barcode))
            return describe_holders({{h.job_id, h.job_name}});
    return {};
}

namespace {
// "drive 1 out of service (TapeAlert 30 Hardware A ...)", for each such drive.
std::string describe_out_of_service(const std::map<std::size_t, std::string>& out) {
    std::string text;
    for (const auto& [d, reason] : out)
        text += (text.empty() ? "" : "; ") + std::string("drive ") + std::to_string(d) +
                " out of service (" + reason + ")";
    return text;
}
} // namespace

std::vector<std::size_t>
ReservationBook::try_grant(const ReservationRequest& r,
                           const std::map<std::size_t, std::string>& out_of_service,
                           std::string& why) const {
    for (const auto& bc : r.volumes) {
        const auto holder = volume_holder(bc, 0);
        if (!holder.empty()) {
            why = "waiting for volume " + bc + " (in use by " + holder + ")";
            return {};
        }
    }
    std::vector<const Held*> users(r.library_drives, nullptr); // holder of each drive
    for (const auto& h : held_)
        if (h.library == r.library)
            for (auto d : h.drives)
                if (d < users.size()) users[d] = &h;
    std::vector<HolderName> busy;
    auto note_busy = [&](const Held* h) {
        const HolderName n{h->job_id, h->job_name};
        if (std::find(busy.begin(), busy.end(), n) == busy.end()) busy.push_back(n);
    };
    std::vector<std::size_t> grant;
    if (!r.drives.indices.empty()) {
        for (auto d : r.drives.indices) {
            if (auto o = out_of_service.find(d); o != out_of_service.end()) {
                why = "waiting for drive " + std::to_string(d) + " of library " + r.library +
                      ": out of service (" + o->second + ")";
                return {};
            }
            if (!users[d]) {
                grant.push_back(d);
                continue;
            }
            note_busy(users[d]);
            why = "waiting for drive " + std::to_string(d) + " of library " + r.library;
        }
        if (busy.empty()) return grant;
        why += " (in use by " + describe_holders(busy) + ")";
        return {};
    }
    std::size_t in_use = 0;
    for (std::size_t d = 0; d < users.size(); ++d) {
        if (out_of_service.count(d)) continue;
        if (!users[d]) {
            grant.push_back(d);
        } else {
            ++in_use;
            note_busy(users[d]);
        }
    }
    const std::size_t want = std::max<std::size_t>(1, r.drives.count);
    if (r.drives.automatic && !grant.empty()) {
        grant.resize(std::min(grant.size(), want));
        return grant;
    }
    if (grant.size() >= want) {
        grant.resize(want);
        return grant;
    }
    const std::size_t need = r.drives.automatic ? 1 : want;
    why = need == 1 ? std::string("waiting for a drive")
                    : "waiting for " + std::to_string(need) + " drives";
    if (in_use > 0)
        why += ": " + std::to_string(in_use) + " of " + std::to_string(r.library_drives) +
               " in use by " + describe_holders(busy);
    if (!out_of_service.empty())
        why += (in_use > 0 ? "; " : ": ") + describe_out_of_service(out_of_service);
    return {};
}

Result<std::unique_ptr<Reservation>> ReservationBook::acquire(const ReservationRequest& r) {
    const std::size_t asked = r.drives.indices.empty() ? (r.drives.automatic ? 1 : r.drives.count)
                                                       : r.drives.indices.size();
    if (asked == 0 || asked > r.library_drives)
        return make_error(ErrorKind::InvalidArgument,
                          "job " + std::to_string(r.job_id) + " asks for " + std::to_string(asked) +
                              " drive(s); library " + r.library + " has " +
                              std::to_string(r.library_drives));
    for (auto d : r.drives.indices)
        if (d >= r.library_drives ||
            std::count(r.drives.indices.begin(), r.drives.indices.end(), d) > 1)
            return make_error(ErrorKind::InvalidArgument,
                              "drive " + std::to_string(d) + ": library " + r.library + " has " +
                                  std::to_string(r.library_drives) +
                                  " drive(s), numbered from 0, each named once");
    std::map<std::size_t, std::string> out_of_service;
    auto last_asked = std::chrono::steady_clock::time_point{};
    std::unique_lock lock(mutex_);
    const std::uint64_t ticket = next_ticket_++;
    bool waited = false;
    std::string shown;
    for (;;) {
        if (r.out_of_service && std::chrono::steady_clock::now() - last_asked >= kServiceRecheck) {
            lock.unlock(); // it reads the catalog: never under the book's lock
            out_of_service = r.out_of_service();
            last_asked = std::chrono::steady_clock::now();
            lock.lock();
        }
        std::string why;
        auto drives = try_grant(r, out_of_service, why);
        if (!drives.empty()) {
            std::sort(drives.begin(), drives.end());
            held_.push_back({ticket, r.job_id, r.job_name, r.library, drives,
                             std::set<std::string>(r.volumes.begin(), r.volumes.end())});
            std::erase_if(waiting_, [&](const Waiting& w) { return w.ticket == ticket; });
            lock.unlock();
            if (waited && r.on_wait) r.on_wait("");
            return std::unique_ptr<Reservation>(
                new Reservation(*this, ticket, r.job_id, r.library, std::move(drives)));
        }
        if (r.cancel && r.cancel->load()) {
            std::erase_if(waiting_, [&](const Waiting& w) { return w.ticket == ticket; });
            return make_error(ErrorKind::Cancelled, describe_holders({{r.job_id, r.job_name}}) +
                                                        " cancelled while " + why);
        }
        if (!waited) waiting_.push_back({ticket, {r.job_id, r.job_name, r.library, why}});
        waited = true;
        if (why != shown) {
            for (auto& w : waiting_)
                if (w.ticket == ticket) w.shown.reason = why;
            shown = why;
            log::get("job")->info("{}: {}", describe_holders({{r.job_id, r.job_name}}), why);
            if (r.on_wait) {
                lock.unlock(); // the callback may write the catalog: never under the book's lock
                r.on_wait(why);
                lock.lock();
                continue; // the book may have changed meanwhile
            }
        }
        changed_.wait_for(lock, kCancelPoll);
    }
}

void ReservationBook::release(std::uint64_t key) {
    {
        std::lock_guard lock(mutex_);
        std::erase_if(held_, [&](const Held& h) { return h.key == key; });
    }
    changed_.notify_all();
}

bool ReservationBook::add_volume(std::uint64_t key, const std::string& barcode) {
    std::lock_guard lock(mutex_);
    if (!volume_holder(barcode, key).empty()) return false;
    Held* h = find(key);
    if (!h) return false;
    h->volumes.insert(barcode);
    return true;
}

void ReservationBook::drop_volume(std::uint64_t key, const std::string& barcode) {
    {
        std::lock_guard lock(mutex_);
        if (Held* h = find(key)) h->volumes.erase(barcode);
    }
    changed_.notify_all();
}

bool ReservationBook::holds(std::uint64_t key, const std::string& barcode) const {
    std::lock_guard lock(mutex_);
    for (const auto& h : held_)
        if (h.key == key) return h.volumes.count(barcode) > 0;
    return false;
}

ReservationSnapshot ReservationBook::snapshot() const {
    std::lock_guard lock(mutex_);
    ReservationSnapshot s;
    for (const auto& h : held_)
        s.holders.push_back({h.job_id, h.job_name, h.library, h.drives,
                             std::vector<std::string>(h.volumes.begin(), h.volumes.end())});
    std::sort(s.holders.begin(), s.holders.end(),
              [](const auto& a, const auto& b) { return a.job_id < b.job_id; });
    for (const auto& w : waiting_)
        s.waiters.push_back(w.shown);
    return s;
}

std::mutex& ReservationBook::robot(const std::string& library) {
    std::lock_guard lock(mutex_);
    auto& m = robots_[library];
    if (!m) m = std::make_unique<std::mutex>();
    return *m;
}

bool ReservationBook::empty() const {
    std::lock_guard lock(mutex_);
    return held_.empty() && waiting_.empty();
}

} // namespace tl::job
