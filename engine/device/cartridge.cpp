#include "device/cartridge.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "common/log.h"
#include "device/atomic_file.h"
#include "device/cartridge_index.h"
#include "device/sys_error.h"

namespace tl::device {

namespace {
constexpr std::size_t kRecSize = kIndexRecordSize;

void put_le(unsigned char* p, std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i)
        p[i] = static_cast<unsigned char>(v >> (8 * i));
}

Status write_all(int fd, const void* data, std::size_t size, const std::string& path) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        ssize_t n = ::write(fd, p, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            return sys_error("cannot write", path);
        }
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return {};
}

nlohmann::json meta_to_json(const CartridgeMeta& m) {
    return {{"format_version", kCartridgeFormatVersion},
            {"barcode", m.barcode},
            {"capacity", m.capacity},
            {"ew_bytes", m.ew_bytes},
            {"write_protected", m.write_protected},
            {"load_count", m.load_count},
            {"created", m.created}};
}
} // namespace

Cartridge::Cartridge(Cartridge&& o) noexcept {
    *this = std::move(o);
}

Cartridge& Cartridge::operator=(Cartridge&& o) noexcept {
    if (this != &o) {
        settle_or_log("a move");
        o.settle_or_log("a move");
        reader_.reset();
        o.reader_.reset();
        close_fds();
        dir_ = std::move(o.dir_);
        meta_ = std::move(o.meta_);
        index_ = std::move(o.index_);
        filemarks_ = std::move(o.filemarks_);
        data_end_ = o.data_end_;
        damage_ = o.damage_;
        disk_good_ = o.disk_good_;
        damage_note_ = std::move(o.damage_note_);
        lost_objects_ = o.lost_objects_;
        data_ = std::move(o.data_);
        index_fd_ = o.index_fd_;
        lock_fd_ = o.lock_fd_;
        o.index_fd_ = o.lock_fd_ = -1;
    }
    return *this;
}

Cartridge::~Cartridge() {
    reader_.reset();
    settle_or_log("close");
    close_fds();
}

void Cartridge::settle_or_log(const char* when) {
    if (auto st = settle(); !st)
        log::get("device")->error("cartridge {}: at {}: {}", meta_.barcode, when,
                                  st.error().message);
}

void Cartridge::close_fds() {
    data_ = CartridgeData();
    for (int* fd : {&index_fd_, &lock_fd_})
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
}

Result<Cartridge> Cartridge::open(const std::string& dir, const CartridgeMeta& defaults) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        return make_error(ErrorKind::Io,
                          "cannot create cartridge folder " + dir + ": " + ec.message());
    Cartridge c;
    c.dir_ = dir;
    const std::string lock = dir + "/lock";
    c.lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (c.lock_fd_ < 0) return sys_error("cannot open", lock);
    if (::flock(c.lock_fd_, LOCK_EX | LOCK_NB) != 0)
        return make_error(ErrorKind::Busy, "cartridge " + defaults.barcode +
                                               " is in use by another process; wait for it");

    const std::string meta_path = dir + "/meta.json";
    auto text = read_whole_file(meta_path);
    if (text) {
        auto j = nlohmann::json::parse(text.value(), nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return make_error(ErrorKind::Corrupt,
                              "cartridge meta " + meta_path + " is not valid JSON");
        c.meta_.barcode = j.value("barcode", defaults.barcode);
        c.meta_.capacity = j.value("capacity", defaults.capacity);
        c.meta_.ew_bytes = j.value("ew_bytes", defaults.ew_bytes);
        c.meta_.write_protected = j.value("write_protected", false);
        c.meta_.load_count = j.value("load_count", std::uint64_t{0});
        c.meta_.created = j.value("created", 0LL);
    } else if (text.error().kind == ErrorKind::NotFound) {
        c.meta_ = defaults;
        if (c.meta_.created == 0) c.meta_.created = static_cast<long long>(std::time(nullptr));
        TL_TRY(c.save_meta());
    } else {
        return text.error();
    }

    const std::string data = dir + "/data", index = dir + "/index";
    auto opened = CartridgeData::open(data, c.meta_.barcode);
    if (!opened) return opened.error();
    c.data_ = std::move(opened.value());
    c.index_fd_ = ::open(index.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (c.index_fd_ < 0) return sys_error("cannot open", index);
    TL_TRY(c.load_index());
    return c;
}

Status Cartridge::load_index() {
    struct stat st {};
    if (::fstat(index_fd_, &st) != 0) return sys_error("cannot stat", dir_ + "/index");
    std::vector<unsigned char> raw(static_cast<std::size_t>(st.st_size));
    if (!raw.empty() &&
        ::pread(index_fd_, raw.data(), raw.size(), 0) != static_cast<ssize_t>(raw.size()))
        return sys_error("cannot read", dir_ + "/index");
    struct stat dst {};
    if (::fstat(data_.fd(), &dst) != 0) return sys_error("cannot stat", dir_ + "/data");
    // Reading never changes the media: what disagrees is reported and read around in memory;
    // only a write repairs the files (prepare_write).
    auto check = check_index(decode_index(raw), raw.size() % kRecSize != 0, data_.fd(),
                             static_cast<std::uint64_t>(dst.st_size));
    if (!check) return check.error();
    index_ = std::move(check->objects);
    data_end_ = check->data_end;
    damage_ = check->damage;
    disk_good_ = check->disk_good;
    damage_note_ = check->note;
    lost_objects_ = dst.st_size == 0 ? raw.size() / kRecSize : 0;
    filemarks_.clear();
    for (std::size_t i = 0; i < index_.size(); ++i)
        if (index_[i].type == kRecFilemark) filemarks_.push_back(i);
    TL_TRY(seek_ends(index_.size()));
    if (lost_objects_ > 0)
        log::get("device")->warn("cartridge {}: its data file is gone or empty while its index "
                                 "lists {} objects; it is damaged: nothing on it can be read and "
                                 "it takes no appends",
                                 meta_.barcode, lost_objects_);
    else if (damage_ == IndexDamage::TornTail)
        log::get("device")->warn("cartridge {}: {}; reading with the index rebuilt from the data, "
                                 "the next write completes the index on disk",
                                 meta_.barcode, damage_note_);
    else if (damage_ == IndexDamage::Damaged)
        log::get("device")->warn("cartridge {}: {}; reading with the index rebuilt from the data "
                                 "blocks, nothing on the cartridge was changed; it takes no "
                                 "appends: restore or scan from it, then relabel it",
                                 meta_.barcode, damage_note_);
    return {};
}

Status Cartridge::prepare_write(std::uint64_t object) {
    if (damage_ == IndexDamage::None) return {};
    reader_.reset(); // the repair below may cut data it read ahead
    if (damage_ == IndexDamage::Damaged && object > disk_good_)
        return make_error(ErrorKind::Corrupt,
                          "cartridge " + meta_.barcode + ": " + damage_note_ +
                              "; it takes no appends: restore or scan from it, then relabel it "
                              "(volume relabel --force)");
    // A torn tail (or a write replacing everything from the damaged record on): the records
    // the disk lacks are written, bytes after the last complete block cut.
    const std::uint64_t keep = damage_ == IndexDamage::Damaged ? object : index_.size();
    if (keep < index_.size()) {
        index_.resize(keep);
        while (!filemarks_.empty() && filemarks_.back() >= keep)
            filemarks_.pop_back();
        data_end_ = keep == 0 ? 0 : index_.back().offset + index_.back().length;
    }
    for (std::uint64_t i = std::min(disk_good_, keep); i < keep; ++i)
        TL_TRY(write_record(i));
    const auto good_index = static_cast<off_t>(keep * kRecSize);
    if (::ftruncate(index_fd_, good_index) != 0) return sys_error("cannot repair", dir_);
    TL_TRY(data_.truncate(data_end_));
    TL_TRY(seek_ends(keep));
    log::get("device")->warn("cartridge {}: repaired its index on disk ({} objects, {} bytes)",
                             meta_.barcode, keep, data_end_);
    damage_ = IndexDamage::None;
    disk_good_ = keep;
    lost_objects_ = 0;
    return sync();
}

Status Cartridge::seek_ends(std::uint64_t records) {
    if (::lseek(index_fd_, static_cast<off_t>(records * kRecSize), SEEK_SET) < 0)
        return sys_error("cannot seek in", dir_ + "/index");
    return {};
}

Status Cartridge::write_record(std::uint64_t i) {
    unsigned char raw[kRecSize];
    put_le(raw, index_[i].offset, 8);
    put_le(raw + 8, index_[i].length, 4);
    put_le(raw + 12, index_[i].type, 4);
    if (::pwrite(index_fd_, raw, kRecSize, static_cast<off_t>(i * kRecSize)) !=
        static_cast<ssize_t>(kRecSize))
        return sys_error("cannot write", dir_ + "/index");
    return {};
}

Status Cartridge::save_meta() {
    return write_file_atomically(dir_ + "/meta.json", meta_to_json(meta_).dump(2) + "\n");
}

Status Cartridge::truncate(std::uint64_t object) {
    // Every write "truncates" at its own position: at the end that changes nothing, and the
    // blocks being written behind go on.
    if (object >= index_.size() && damage_ == IndexDamage::None) return {};
    reader_.reset();
    TL_TRY(settle());
    TL_TRY(prepare_write(object));
    if (object >= index_.size()) return {};
    const std::uint64_t cut = index_[object].offset;
    index_.resize(object);
    while (!filemarks_.empty() && filemarks_.back() >= object)
        filemarks_.pop_back();
    data_end_ = cut;
    const auto good_index = static_cast<off_t>(object * kRecSize);
    if (::ftruncate(index_fd_, good_index) != 0 || ::lseek(index_fd_, good_index, SEEK_SET) < 0)
        return sys_error("cannot truncate", dir_ + "/index");
    return data_.truncate(cut);
}

Status Cartridge::append_block(const void* data, std::size_t size) {
    return append(data, size, nullptr, 0);
}

Status Cartridge::append_block(IoBlock& block, std::size_t capacity, std::size_t size) {
    return append(block.get(), size, &block, capacity);
}

Status Cartridge::append(const void* data, std::size_t size, IoBlock* block, std::size_t capacity) {
    reader_.reset(); // what it read ahead may be overwritten
    TL_TRY(prepare_write(index_.size()));
    if ((ahead_ || data_.direct()) && size % kIoAlign == 0)
        return append_behind(data, size, block, capacity);
    TL_TRY(settle());
    TL_TRY(data_.append(data_end_, data, size, meta_.capacity));
    IndexRecord r{data_end_, static_cast<std::uint32_t>(size), kRecBlock};
    unsigned char raw[kRecSize];
    put_le(raw, r.offset, 8);
    put_le(raw + 8, r.length, 4);
    put_le(raw + 12, r.type, 4);
    TL_TRY(write_all(index_fd_, raw, kRecSize, dir_ + "/index"));
    index_.push_back(r);
    data_end_ += size;
    return {};
}

Status Cartridge::append_behind(const void* data, std::size_t size, IoBlock* block,
                                std::size_t capacity) {
    if (ahead_ && size > ahead_->slot_size()) TL_TRY(settle());
    if (!ahead_) {
        ahead_first_ = index_.size();
        ahead_ = std::make_unique<WriteAhead>(
            size,
            [this, capacity = meta_.capacity, path = dir_ + "/index"](
                std::uint64_t offset, const iovec* iov, int count, std::size_t bytes) -> Status {
                TL_TRY(data_.append(offset, iov, count, bytes, capacity));
                std::vector<unsigned char> raw(static_cast<std::size_t>(count) * kRecSize);
                for (int i = 0; i < count; ++i) {
                    unsigned char* r = raw.data() + static_cast<std::size_t>(i) * kRecSize;
                    put_le(r, offset, 8);
                    put_le(r + 8, iov[i].iov_len, 4);
                    put_le(r + 12, kRecBlock, 4);
                    offset += iov[i].iov_len;
                }
                return write_all(index_fd_, raw.data(), raw.size(), path);
            });
    }
    if (auto st = block ? ahead_->submit(data_end_, *block, capacity, size)
                        : ahead_->submit(data_end_, data, size);
        !st) {
        (void)settle(); // forgets what the failed write lost; the error is the one returned
        return st;
    }
    index_.push_back(IndexRecord{data_end_, static_cast<std::uint32_t>(size), kRecBlock});
    data_end_ += size;
    return {};
}

Status Cartridge::settle() {
    if (!ahead_) return {};
    Status st = ahead_->drain();
    const std::uint64_t kept = ahead_first_ + ahead_->written();
    ahead_.reset();
    if (st) return st;
    // The failed write and those after it are not on disk: the cartridge ends before them.
    index_.resize(std::min<std::uint64_t>(kept, index_.size()));
    data_end_ = index_.empty() ? 0 : index_.back().offset + index_.back().length;
    if (auto s = seek_ends(index_.size()); !s) return s;
    return st;
}

Status Cartridge::append_filemark() {
    TL_TRY(settle());
    TL_TRY(prepare_write(index_.size()));
    unsigned char raw[kRecSize];
    put_le(raw, data_end_, 8);
    put_le(raw + 8, 0, 4);
    put_le(raw + 12, kRecFilemark, 4);
    TL_TRY(write_all(index_fd_, raw, kRecSize, dir_ + "/index"));
    filemarks_.push_back(index_.size());
    index_.push_back(IndexRecord{data_end_, 0, kRecFilemark});
    return {};
}

Status Cartridge::read_payload(std::uint64_t object, void* buf) {
    TL_TRY(settle());
    if (object >= index_.size())
        return make_error(ErrorKind::Io, "cartridge " + meta_.barcode + ": object " +
                                             std::to_string(object) +
                                             " was lost by a failed write");
    const IndexRecord& r = index_[object];
    if (!data_.direct()) return data_.read(r.offset, buf, r.length); // the kernel reads ahead
    if (!reader_) reader_ = std::make_unique<ReadAhead>();
    return reader_->read(data_, r.offset, buf, r.length, data_end_);
}

const std::uint8_t* Cartridge::view_payload(std::uint64_t object) {
    // Writes still going behind, or no such object: read_payload settles them and says why.
    if (ahead_ || object >= index_.size()) return nullptr;
    const IndexRecord& r = index_[object];
    return data_.view(r.offset, r.length);
}

Status Cartridge::sync() {
    TL_TRY(settle());
    TL_TRY(data_.sync());
    if (::fdatasync(index_fd_) != 0) return sys_error("cannot fsync", dir_ + "/index");
    return {};
}

} // namespace tl::device
