#include "device/virtual_tape_drive.h"

#include <algorithm>

#include "common/log.h"
#include "common/units.h"
#include "device/cartridge_data.h"

namespace tl::device {

namespace {
void add(std::atomic<std::uint64_t>& c, std::uint64_t v) {
    c.fetch_add(v, std::memory_order_relaxed);
}
} // namespace

VirtualTapeDrive::VirtualTapeDrive(VirtualDriveConfig config, Clock& clock)
    : c_(std::move(config)), clock_(clock) {
    if (c_.timing) c_.streaming = c_.timing->streaming();
    if (c_.streaming) model_ = std::make_unique<StreamingModel>(*c_.streaming);
    memory_reads_ = !c_.streaming && keeps_files_in_memory(c_.media_dir);
}

std::uint64_t VirtualTapeDrive::bytes_at(std::uint64_t logical) const {
    if (!cart_) return 0;
    return logical < cart_->objects() ? cart_->record(logical).offset : cart_->data_bytes();
}

void VirtualTapeDrive::charge(std::chrono::nanoseconds d) {
    if (d.count() <= 0) return;
    add(counters_.reposition_ns, static_cast<std::uint64_t>(d.count()));
    clock_.sleep_for(d);
}

Status VirtualTapeDrive::travel(const std::function<Status()>& op) {
    const std::uint64_t from = bytes_at(pos_);
    Status s = op();
    if (c_.timing && cart_) charge(c_.timing->locate(from, bytes_at(pos_)));
    return s;
}

void VirtualTapeDrive::refresh_faults(const std::string& barcode) {
    if (c_.library_dir.empty()) return;
    auto plan = read_fault_plan(c_.library_dir);
    if (!plan) {
        log::get("device")->warn("drive {}: {}", c_.name, plan.error().message);
        return;
    }
    const auto d = plan->drives.find(c_.element);
    injected_drive_ = d == plan->drives.end() ? DriveFaultSpec{} : d->second;
    const auto k = plan->cartridges.find(barcode);
    injected_cart_ = k == plan->cartridges.end() ? CartridgeFaultSpec{} : k->second;
    if (injected_drive_.tapealert.empty()) return;
    for (int flag : injected_drive_.tapealert)
        if (flag >= 1 && flag <= 64) alerts_ |= tape_alert_bit(flag);
    auto consumed = change_fault_plan(c_.library_dir, [this](FaultPlan& p) -> Status {
        p.drives[c_.element].tapealert.clear();
        return {};
    });
    if (!consumed) log::get("device")->warn("drive {}: {}", c_.name, consumed.error().message);
    injected_drive_.tapealert.clear();
}

std::optional<Error> VirtualTapeDrive::injected_media_error(bool writing) {
    if (!injected_cart_.media_error_at || *injected_cart_.media_error_at != pos_) return {};
    alerts_ |= tape_alert_bit(4) | tape_alert_bit(writing ? 6 : 5); // Media, write/read failure
    return fail(ErrorKind::Io, std::string(writing ? "write" : "read") +
                                   " failed: media error at object " + std::to_string(pos_) +
                                   " on cartridge " + barcode_ + "; retire the cartridge");
}

Status VirtualTapeDrive::clean() {
    if (c_.timing) charge(c_.timing->cleaning());
    injected_drive_.cleaning_request = false;
    if (c_.library_dir.empty()) return {};
    return change_fault_plan(c_.library_dir, [this](FaultPlan& p) -> Status {
        if (auto d = p.drives.find(c_.element); d != p.drives.end())
            d->second.cleaning_request = false;
        return {};
    });
}

Result<std::uint64_t> VirtualTapeDrive::read_tape_alerts() {
    refresh_faults(c_.resolve ? c_.resolve() : barcode_);
    std::uint64_t word = alerts_;
    if (injected_drive_.cleaning_request) word |= tape_alert_bit(20); // Clean now
    alerts_ = 0;
    return word;
}

void VirtualTapeDrive::publish_model() {
    if (!model_) return;
    counters_.shoeshine_events.store(model_->repositions());
    counters_.sync_restarts.store(model_->sync_restarts());
    counters_.tape_moving_ns.store(static_cast<std::uint64_t>(model_->moving_time().count()));
    const auto started = model_->first_start();
    counters_.tape_started_ns.store(
        started ? std::chrono::duration_cast<std::chrono::nanoseconds>(started->time_since_epoch())
                      .count()
                : DriveCounters::kTapeNotStarted);
    counters_.buffer_bytes.store(static_cast<std::uint64_t>(model_->buffered()));
    counters_.buffer_capacity.store(static_cast<std::uint64_t>(c_.streaming->buffer));
    counters_.shoeshine_ns.store(static_cast<std::uint64_t>(model_->reposition_time().count()));
    counters_.speed_step.store(static_cast<std::uint64_t>(model_->speed()));
    counters_.lowest_speed_step.store(static_cast<std::uint64_t>(model_->lowest_speed_used()));
}

VirtualTapeDrive::~VirtualTapeDrive() {
    auto s = detach();
    if (!s) log::get("device")->error("{}", s.error().message);
}

Error VirtualTapeDrive::fail(ErrorKind kind, const std::string& what) {
    auto e = drive_error(c_.name, kind, what);
    // Reaching end of data is how callers find the end of a volume (or a blank one), as on st:
    // not an error worth a warning or an error count.
    if (kind == ErrorKind::NotFound) {
        log::get("device")->debug("{}", e.message);
        return e;
    }
    add(counters_.errors, 1);
    if (kind == ErrorKind::Io || kind == ErrorKind::Corrupt) add(counters_.media_errors, 1);
    log::get("device")->warn("{}", e.message);
    return e;
}

Status VirtualTapeDrive::ensure_cartridge() {
    const std::string want = c_.resolve ? c_.resolve() : std::string();
    if (want != barcode_) {
        TL_TRY(detach());
        ejected_ = false;
    }
    if (want.empty())
        return drive_error(c_.name, ErrorKind::NoMedium,
                           "no cartridge loaded; load one with 'tapeloom-cli library load'");
    if (cart_) return {};
    CartridgeMeta defaults;
    defaults.barcode = want;
    defaults.capacity = c_.capacity;
    defaults.ew_bytes = c_.ew_bytes;
    auto c = Cartridge::open(c_.media_dir + "/" + want, defaults);
    if (!c) return fail(c.error().kind, c.error().message);
    cart_.emplace(std::move(c.value()));
    barcode_ = want;
    cart_->meta().load_count++;
    TL_TRY(cart_->save_meta());
    pos_ = 0;
    file_ = blk_ = 0;
    last_write_ = eod_zero_ = ew_refuse_next_ = false;
    log::get("device")->info("drive {}: cartridge {} loaded ({} objects, {} used)", c_.name, want,
                             cart_->objects(), format_bytes(cart_->data_bytes()));
    return {};
}

Status VirtualTapeDrive::detach() {
    Status st;
    if (open_) st = close();
    if (cart_) {
        auto s = cart_->save_meta();
        if (st && !s) st = s;
        cart_.reset();
    }
    barcode_.clear();
    return st;
}

std::string VirtualTapeDrive::faulty(const char* op) const {
    if (faults_.offline || injected_drive_.offline)
        return std::string(op) + ": drive is offline (not ready); check the drive";
    if (faults_.media_error)
        return std::string(op) + ": media error on cartridge " + barcode_ +
               "; retire the cartridge";
    return {};
}

Status VirtualTapeDrive::require_open(const char* op) {
    if (!open_) return fail(ErrorKind::InvalidArgument, std::string(op) + ": drive is not open");
    return {};
}

std::uint64_t VirtualTapeDrive::ew_at() const {
    const auto& m = cart_->meta();
    return m.capacity > m.ew_bytes ? m.capacity - m.ew_bytes : 0;
}

void VirtualTapeDrive::positioned() {
    add(counters_.positioning_ops, 1);
    ew_refuse_next_ = false;
    if (model_) {
        clock_.sleep_for(model_->positioned(clock_.now()));
        publish_model();
    }
    if (model_ && !c_.timing && c_.locate_seconds > 0) {
        auto d = std::chrono::nanoseconds(static_cast<std::int64_t>(c_.locate_seconds * 1e9));
        add(counters_.reposition_ns, static_cast<std::uint64_t>(d.count()));
        clock_.sleep_for(d);
    }
}

Status VirtualTapeDrive::open(bool read_only) {
    if (open_) return fail(ErrorKind::Busy, "already open; close it first");
    refresh_faults(c_.resolve ? c_.resolve() : barcode_);
    if (faults_.offline || injected_drive_.offline)
        return fail(ErrorKind::Io, "drive is offline (not ready); check the drive");
    TL_TRY(ensure_cartridge());
    if (ejected_)
        return fail(ErrorKind::NoMedium, "cartridge " + barcode_ + " is ejected; load it again");
    if (!read_only && cart_->meta().write_protected)
        return fail(ErrorKind::WriteProtected,
                    "cartridge " + barcode_ +
                        " is write-protected; open it read-only or load another cartridge");
    open_ = true;
    read_only_ = read_only;
    last_write_ = false;
    return {};
}

Status VirtualTapeDrive::close() {
    if (!open_) return {};
    Status st;
    if (last_write_) st = write_filemarks(1); // st writes one filemark on close after a write
    if (st && !read_only_) {
        if (model_) clock_.sleep_for(model_->flush(clock_.now()));
        publish_model();
        st = cart_->sync();
    }
    auto m = cart_->save_meta();
    open_ = false;
    last_write_ = false;
    if (!st) return st;
    return m;
}

Status VirtualTapeDrive::load() {
    const std::string want = c_.resolve ? c_.resolve() : "";
    const bool ready = cart_ && !ejected_ && barcode_ == want;
    refresh_faults(want);
    if (injected_drive_.offline)
        return fail(ErrorKind::Io, "drive is offline (not ready); check the drive");
    if (!ready && injected_cart_.fail_load) {
        alerts_ |= tape_alert_bit(55); // Loading failure
        return fail(ErrorKind::Io, "cartridge " + want +
                                       " failed to load (TapeAlert 55, loading failure); "
                                       "unload it and check the cartridge");
    }
    TL_TRY(ensure_cartridge());
    ejected_ = false;
    if (!ready && c_.timing) charge(c_.timing->load()); // load and thread
    return {};
}

Status VirtualTapeDrive::unload() {
    if (!cart_ && (!c_.resolve || c_.resolve().empty())) return {};
    if (open_) TL_TRY(close());
    if (c_.timing && !ejected_) charge(c_.timing->unload(bytes_at(pos_))); // rewind, unthread
    pos_ = 0;
    file_ = blk_ = 0;
    add(counters_.positioning_ops, 1);
    const std::string was = barcode_;
    TL_TRY(detach()); // persists and releases the folder so the changer can move it
    barcode_ = was;   // still physically in the drive, but ejected
    ejected_ = true;
    log::get("device")->info("drive {}: cartridge {} unloaded", c_.name, was);
    return {};
}

Status VirtualTapeDrive::pending_filemark() {
    if (!last_write_) return {};
    return write_filemarks(1);
}

Status VirtualTapeDrive::write_block(const void* data, std::size_t size) {
    return write(data, size, nullptr, 0);
}

Status VirtualTapeDrive::write_block_swap(IoBlock& block, std::size_t capacity, std::size_t size) {
    return write(block.get(), size, &block, capacity);
}

Status VirtualTapeDrive::write(const void* data, std::size_t size, IoBlock* block,
                               std::size_t capacity) {
    TL_TRY(require_open("write"));
    if (auto f = faulty("write"); !f.empty()) return fail(ErrorKind::Io, f);
    if (read_only_ || cart_->meta().write_protected)
        return fail(ErrorKind::WriteProtected,
                    read_only_
                        ? "write refused: the drive was opened read-only; reopen it read-write"
                        : "cartridge " + barcode_ + " is write-protected; load another cartridge");
    if (size < c_.limits.min_block || size > c_.limits.max_block)
        return fail(ErrorKind::InvalidArgument, "block of " + std::to_string(size) +
                                                    " bytes is outside the drive's limits (" +
                                                    std::to_string(c_.limits.min_block) + ".." +
                                                    std::to_string(c_.limits.max_block) +
                                                    " bytes); use a block size within them");
    const std::uint64_t base =
        pos_ < cart_->objects() ? cart_->record(pos_).offset : cart_->data_bytes();
    const std::uint64_t cap = cart_->meta().capacity;
    if (base + size > cap)
        return fail(ErrorKind::NoSpace, "cartridge " + barcode_ +
                                            " is full (physical end of medium at " +
                                            format_bytes(cap) + "); continue on another cartridge");
    const bool in_ew = base >= ew_at();
    if (in_ew && ew_refuse_next_) {
        ew_refuse_next_ = false;
        return fail(ErrorKind::NoSpace,
                    "early warning: cartridge " + barcode_ +
                        " is nearly full; write a filemark and continue on another cartridge");
    }
    if (auto e = injected_media_error(true)) return *e;
    if (faults_.write_error_at && *faults_.write_error_at == pos_)
        return fail(ErrorKind::Io,
                    "write error at object " + std::to_string(pos_) + " on cartridge " + barcode_);
    TL_TRY(cart_->truncate(pos_));
    if (auto s =
            block ? cart_->append_block(*block, capacity, size) : cart_->append_block(data, size);
        !s)
        return fail(s.error().kind, s.error().message);
    ++pos_;
    if (blk_ >= 0) ++blk_;
    last_write_ = true;
    eod_zero_ = false;
    if (in_ew || base + size > ew_at()) ew_refuse_next_ = true;
    add(counters_.bytes_written, size);
    add(counters_.blocks_written, 1);
    if (model_) {
        auto d = model_->write(size, clock_.now());
        const auto before = counters_.shoeshine_events.load();
        publish_model();
        if (model_->repositions() != before)
            log::get("device")->debug("drive {}: shoe-shine", c_.name);
        if (d.count() > 0) clock_.sleep_for(d);
    }
    return {};
}

Result<std::size_t> VirtualTapeDrive::read_block(void* buf, std::size_t capacity) {
    return read_next(buf, capacity, nullptr);
}

Result<std::size_t> VirtualTapeDrive::read_block_view(void* buf, std::size_t capacity,
                                                      const std::uint8_t*& view) {
    return read_next(buf, capacity, &view);
}

Result<std::size_t> VirtualTapeDrive::read_next(void* buf, std::size_t capacity,
                                                const std::uint8_t** view) {
    if (view) *view = nullptr;
    TL_TRY(require_open("read"));
    if (auto f = faulty("read"); !f.empty()) return fail(ErrorKind::Io, f);
    if (last_write_) TL_TRY(pending_filemark());
    if (cart_->lost_objects() > 0)
        return fail(ErrorKind::Corrupt,
                    "cartridge " + barcode_ +
                        " is damaged: its data file is gone while its index "
                        "lists " +
                        std::to_string(cart_->lost_objects()) +
                        " objects; nothing on it can be read and it takes no appends. Restore "
                        "from a clone, or relabel it with --force to use it again");
    if (pos_ >= cart_->objects()) {
        if (pos_ > 0 && cart_->record(pos_ - 1).type == kRecFilemark && !eod_zero_) {
            eod_zero_ = true;
            return std::size_t{0};
        }
        eod_zero_ = true;
        return fail(ErrorKind::NotFound,
                    "end of data on cartridge " + barcode_ + " at object " + std::to_string(pos_));
    }
    const IndexRecord rec = cart_->record(pos_);
    if (rec.type == kRecFilemark) {
        ++pos_;
        if (file_ >= 0) ++file_;
        blk_ = 0;
        eod_zero_ = false;
        return std::size_t{0};
    }
    if (auto e = injected_media_error(false)) return *e;
    if (faults_.read_error_at && *faults_.read_error_at == pos_)
        return fail(ErrorKind::Io, "read error at object " + std::to_string(pos_) +
                                       " on cartridge " + barcode_ +
                                       "; space forward one record to skip it");
    ++pos_;
    if (blk_ >= 0) ++blk_;
    if (rec.length > capacity)
        return fail(ErrorKind::InvalidArgument, "block of " + std::to_string(rec.length) +
                                                    " bytes does not fit the " +
                                                    std::to_string(capacity) +
                                                    "-byte buffer; it was skipped: space back one "
                                                    "record and read with a larger buffer");
    const bool corrupt = faults_.corrupt_at && *faults_.corrupt_at == pos_ - 1 && rec.length > 0;
    if (view && !corrupt) *view = cart_->view_payload(pos_ - 1);
    if (!view || !*view)
        if (auto s = cart_->read_payload(pos_ - 1, buf); !s)
            return fail(s.error().kind, s.error().message);
    if (corrupt) static_cast<unsigned char*>(buf)[rec.length / 2] ^= 0x5a;
    add(counters_.bytes_read, rec.length);
    add(counters_.blocks_read, 1);
    if (c_.timing) clock_.sleep_for(c_.timing->read(rec.length));
    return std::size_t{rec.length};
}

Status VirtualTapeDrive::write_filemarks(int count) {
    return append_filemarks(count, true);
}

Status VirtualTapeDrive::write_filemarks_immediate(int count) {
    return append_filemarks(count, false);
}

Status VirtualTapeDrive::append_filemarks(int count, bool sync) {
    TL_TRY(require_open("write filemark"));
    if (auto f = faulty("write filemark"); !f.empty()) return fail(ErrorKind::Io, f);
    if (count < 0) return fail(ErrorKind::InvalidArgument, "negative filemark count");
    if (read_only_ || cart_->meta().write_protected)
        return fail(ErrorKind::WriteProtected,
                    "cannot write a filemark: cartridge " + barcode_ +
                        (read_only_ ? " is open read-only" : " is write-protected"));
    if (count > 0) TL_TRY(cart_->truncate(pos_));
    for (int i = 0; i < count; ++i)
        TL_TRY(cart_->append_filemark());
    if (sync) {
        if (model_) clock_.sleep_for(model_->flush(clock_.now()));
        if (auto s = cart_->sync(); !s) return fail(s.error().kind, s.error().message);
    }
    publish_model();
    pos_ += static_cast<std::uint64_t>(count);
    if (count > 0) {
        if (file_ >= 0) file_ += count;
        blk_ = 0;
    }
    last_write_ = false;
    eod_zero_ = true; // written at EOD: a read here reports end of data at once
    add(counters_.filemarks_written, static_cast<std::uint64_t>(count));
    return {};
}

Status VirtualTapeDrive::space_filemarks(long count) {
    return travel([&] { return space_filemarks_now(count); });
}

Status VirtualTapeDrive::space_filemarks_now(long count) {
    TL_TRY(require_open("space filemarks"));
    if (count == 0) return {};
    if (count < 0) TL_TRY(pending_filemark());
    positioned();
    const auto& fms = cart_->filemarks();
    const auto first = static_cast<std::size_t>(
        std::lower_bound(fms.begin(), fms.end(), pos_.load()) - fms.begin());
    if (count > 0) {
        const std::size_t target = first + static_cast<std::size_t>(count) - 1;
        if (target < fms.size()) {
            pos_ = fms[target] + 1;
            if (file_ >= 0) file_ += count;
            blk_ = 0;
            eod_zero_ = false;
            return {};
        }
        const std::size_t crossed = fms.size() - first;
        pos_ = cart_->objects();
        if (file_ >= 0) file_ += static_cast<long>(crossed);
        blk_ = -1;
        eod_zero_ = true;
        return fail(ErrorKind::NotFound, "end of data after spacing over " +
                                             std::to_string(crossed) + " of " +
                                             std::to_string(count) + " filemarks");
    }
    const auto n = static_cast<std::size_t>(-count);
    eod_zero_ = false;
    if (first >= n) {
        pos_ = fms[first - n];
        if (file_ >= 0) file_ -= static_cast<long>(n);
        blk_ = -1;
        return {};
    }
    pos_ = 0;
    file_ = blk_ = 0;
    return fail(ErrorKind::NotFound, "beginning of tape after spacing back over " +
                                         std::to_string(first) + " of " + std::to_string(n) +
                                         " filemarks");
}

Status VirtualTapeDrive::space_records(long count) {
    return travel([&] { return space_records_now(count); });
}

Status VirtualTapeDrive::space_records_now(long count) {
    TL_TRY(require_open("space records"));
    if (count == 0) return {};
    if (count < 0) TL_TRY(pending_filemark());
    positioned();
    const auto& fms = cart_->filemarks();
    const auto it = std::lower_bound(fms.begin(), fms.end(), pos_.load());
    if (count > 0) {
        const std::uint64_t stop = it == fms.end() ? cart_->objects() : *it; // next fm or EOD
        const std::uint64_t room = stop - pos_;
        if (static_cast<std::uint64_t>(count) <= room) {
            pos_ += static_cast<std::uint64_t>(count);
            if (blk_ >= 0) blk_ += count;
            return {};
        }
        if (it == fms.end()) {
            pos_ = stop;
            blk_ = blk_ >= 0 ? blk_ + static_cast<long>(room) : -1;
            eod_zero_ = true;
            return fail(ErrorKind::NotFound, "end of data after spacing over " +
                                                 std::to_string(room) + " of " +
                                                 std::to_string(count) + " records");
        }
        pos_ = stop + 1; // FSR ends after the filemark
        if (file_ >= 0) ++file_;
        blk_ = 0;
        return fail(ErrorKind::NotFound, "filemark reached after spacing over " +
                                             std::to_string(room) + " of " + std::to_string(count) +
                                             " records");
    }
    const auto n = static_cast<std::uint64_t>(-count);
    const bool has_prev = it != fms.begin();
    const std::uint64_t floor = has_prev ? *(it - 1) + 1 : 0; // first object of this file
    eod_zero_ = false;
    if (pos_ - floor >= n) {
        pos_ -= n;
        if (blk_ >= 0) blk_ -= static_cast<long>(n);
        return {};
    }
    const std::uint64_t room = pos_ - floor;
    if (!has_prev) {
        pos_ = 0;
        file_ = blk_ = 0;
        return fail(ErrorKind::NotFound, "beginning of tape after spacing back over " +
                                             std::to_string(room) + " of " + std::to_string(n) +
                                             " records");
    }
    pos_ = floor - 1; // BSR ends before the filemark
    if (file_ > 0) --file_;
    blk_ = -1;
    return fail(ErrorKind::NotFound, "filemark reached after spacing back over " +
                                         std::to_string(room) + " of " + std::to_string(n) +
                                         " records");
}

Status VirtualTapeDrive::rewind() {
    TL_TRY(require_open("rewind"));
    TL_TRY(pending_filemark());
    return travel([&]() -> Status {
        positioned();
        pos_ = 0;
        file_ = blk_ = 0;
        eod_zero_ = false;
        return {};
    });
}

Status VirtualTapeDrive::goto_eod() {
    TL_TRY(require_open("go to end of data"));
    return travel([&] { return goto_eod_now(); });
}

Status VirtualTapeDrive::goto_eod_now() {
    positioned();
    const auto& fms = cart_->filemarks();
    pos_ = cart_->objects();
    file_ = static_cast<long>(fms.size());
    blk_ = static_cast<long>(pos_ - (fms.empty() ? 0 : fms.back() + 1));
    eod_zero_ = true;
    last_write_ = false;
    return {};
}

Result<std::uint64_t> VirtualTapeDrive::tell() {
    TL_TRY(require_open("tell"));
    return pos_.load();
}

Status VirtualTapeDrive::seek(std::uint64_t logical) {
    TL_TRY(require_open("seek"));
    TL_TRY(pending_filemark());
    if (logical > cart_->objects())
        return fail(ErrorKind::NotFound, "cannot seek to object " + std::to_string(logical) +
                                             ": end of data is at object " +
                                             std::to_string(cart_->objects()));
    return travel([&]() -> Status {
        positioned();
        pos_ = logical;
        file_ = blk_ = -1; // st: not valid after a seek
        eod_zero_ = true;
        return {};
    });
}

Result<DriveStatus> VirtualTapeDrive::status() {
    DriveStatus s;
    if (!open_) refresh_faults(c_.resolve ? c_.resolve() : barcode_);
    if (!open_) {
        auto c = ensure_cartridge();
        if (!c && c.error().kind != ErrorKind::NoMedium) return c.error();
    }
    s.cleaning_requested = injected_drive_.cleaning_request;
    if (!cart_) return s;
    s.volume = barcode_;
    s.online = !ejected_ && !faults_.offline && !injected_drive_.offline;
    s.write_protected = cart_->meta().write_protected;
    s.file_number = file_;
    s.block_number = blk_;
    s.bot = pos_ == 0;
    s.eof = blk_ == 0 && file_ > 0;
    s.eod = pos_ == cart_->objects();
    s.early_warning = s.eod && cart_->data_bytes() >= ew_at() && cart_->data_bytes() > 0;
    return s;
}

std::uint64_t VirtualTapeDrive::capacity_bytes() const {
    return cart_ ? cart_->meta().capacity : c_.capacity;
}

std::uint64_t VirtualTapeDrive::remaining_bytes() const {
    if (!cart_) return c_.capacity > c_.ew_bytes ? c_.capacity - c_.ew_bytes : 0;
    const std::uint64_t ew = ew_at();
    return cart_->data_bytes() >= ew ? 0 : ew - cart_->data_bytes();
}

Status VirtualTapeDrive::set_write_protected(bool on) {
    TL_TRY(ensure_cartridge());
    cart_->meta().write_protected = on;
    return cart_->save_meta();
}

} // namespace tl::device
