#include "device/cartridge_index.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <unistd.h>

#include "format/block.h"
#include "format/constants.h"

namespace tl::device {

namespace {
std::uint64_t get_le(const unsigned char* p, int n) {
    std::uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

bool same(const IndexRecord& a, const IndexRecord& b) {
    return a.type == b.type && a.offset == b.offset && a.length == b.length;
}

std::string describe(const IndexRecord& r) {
    if (r.type == kRecFilemark && r.length == 0)
        return "a filemark at offset " + std::to_string(r.offset);
    if (r.type == kRecBlock)
        return "a block of " + std::to_string(r.length) + " bytes at offset " +
               std::to_string(r.offset);
    return "type " + std::to_string(r.type) + ", offset " + std::to_string(r.offset) + ", length " +
           std::to_string(r.length);
}

// Reads up to `n` bytes at `at`; fewer at the end of the file.
Result<std::size_t> read_at(int fd, std::uint64_t at, std::uint8_t* buf, std::size_t n) {
    std::size_t done = 0;
    while (done < n) {
        ssize_t r = ::pread(fd, buf + done, n - done, static_cast<off_t>(at + done));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0)
            return make_error(ErrorKind::Io,
                              std::string("cannot read cartridge data: ") + std::strerror(errno));
        if (r == 0) break;
        done += static_cast<std::size_t>(r);
    }
    return done;
}

// The chain of records that fit the data: each starts where the previous ended.
std::size_t valid_prefix(const std::vector<IndexRecord>& disk, std::uint64_t data_size,
                         std::uint64_t& end) {
    end = 0;
    std::size_t n = 0;
    for (const auto& r : disk) {
        const bool valid = (r.type == kRecFilemark && r.length == 0 && r.offset == end) ||
                           (r.type == kRecBlock && r.offset == end && end + r.length <= data_size);
        if (!valid) break;
        end += r.length;
        ++n;
    }
    return n;
}
} // namespace

std::vector<IndexRecord> decode_index(const std::vector<unsigned char>& raw) {
    std::vector<IndexRecord> out(raw.size() / kIndexRecordSize);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const unsigned char* p = &raw[i * kIndexRecordSize];
        out[i].offset = get_le(p, 8);
        out[i].length = static_cast<std::uint32_t>(get_le(p + 8, 4));
        out[i].type = static_cast<std::uint32_t>(get_le(p + 12, 4));
    }
    return out;
}

Result<std::optional<RebuiltIndex>> rebuild_index(int data_fd, std::uint64_t data_size) {
    RebuiltIndex out;
    if (data_size == 0) return std::optional<RebuiltIndex>(out);
    std::uint8_t head[format::kBlockHeaderSize];
    auto n = read_at(data_fd, 0, head, sizeof head);
    if (!n) return n.error();
    const bool label = n.value() >= 8 && std::memcmp(head, format::kLabelMagic, 8) == 0;
    n = read_at(data_fd, format::kLabelSize, head, sizeof head);
    if (!n) return n.error();
    const bool block_after =
        n.value() == sizeof head && std::memcmp(head, format::kBlockMagic, 4) == 0;
    if (!label && !block_after) return std::optional<RebuiltIndex>();
    if (data_size < format::kLabelSize) return std::optional<RebuiltIndex>(out); // torn label
    out.objects.push_back({0, static_cast<std::uint32_t>(format::kLabelSize), kRecBlock});
    out.objects.push_back({format::kLabelSize, 0, kRecFilemark});

    std::uint64_t pos = format::kLabelSize;
    std::uint32_t file = 0, block_len = 0;
    std::uint16_t flags = 0;
    while (pos + sizeof head <= data_size) {
        n = read_at(data_fd, pos, head, sizeof head);
        if (!n) return n.error();
        auto h = format::peek_block_header(head, n.value());
        std::uint32_t len = block_len, in_file = file;
        flags = 0;
        if (h && format::valid_block_size(h->block_len)) {
            len = h->block_len;
            in_file = h->tape_file;
            flags = h->flags;
        }
        if (len == 0 || pos + len > data_size) break; // unreadable or partial: the torn tail
        if (in_file != file && out.objects.back().type != kRecFilemark)
            out.objects.push_back({pos, 0, kRecFilemark});
        out.objects.push_back({pos, len, kRecBlock});
        pos += len;
        file = in_file;
        block_len = len;
    }
    // A session's trailer (or end-of-volume trailer) file is closed by a filemark.
    if (out.objects.back().type == kRecBlock && (flags & format::block_flags::kTrailer))
        out.objects.push_back({pos, 0, kRecFilemark});
    out.end = pos;
    return std::optional<RebuiltIndex>(std::move(out));
}

Result<IndexCheck> check_index(const std::vector<IndexRecord>& disk, bool partial, int data_fd,
                               std::uint64_t data_size) {
    IndexCheck c;
    std::uint64_t end = 0;
    const std::size_t valid = valid_prefix(disk, data_size, end);
    if (valid == disk.size() && !partial && end == data_size) {
        c.objects = disk;
        c.data_end = end;
        c.disk_good = disk.size();
        return c;
    }
    auto rebuilt = rebuild_index(data_fd, data_size);
    if (!rebuilt) return rebuilt.error();
    if (!rebuilt.value()) { // not Tapeloom data: trust the records that fit
        c.objects.assign(disk.begin(), disk.begin() + static_cast<std::ptrdiff_t>(valid));
        c.data_end = end;
        c.disk_good = valid;
        c.damage = valid + 1 >= disk.size() ? IndexDamage::TornTail : IndexDamage::Damaged;
        c.note = c.damage == IndexDamage::TornTail
                     ? "torn tail after object " + std::to_string(valid)
                     : "index record " + std::to_string(valid) + " (" + describe(disk[valid]) +
                           ") does not fit the data; " + std::to_string(valid) +
                           " objects are readable";
        return c;
    }
    auto& r = rebuilt.value()->objects;
    std::size_t i = 0;
    while (i < disk.size() && i < r.size() && same(disk[i], r[i]))
        ++i;
    if (i == r.size()) // filemarks the index has after the data's last block are real
        while (i < disk.size() && disk[i].type == kRecFilemark && disk[i].length == 0 &&
               disk[i].offset == rebuilt.value()->end) {
            r.push_back(disk[i]);
            ++i;
        }
    c.objects = std::move(r);
    c.data_end = rebuilt.value()->end;
    c.disk_good = i;
    const std::string found = "the data blocks hold " + std::to_string(c.objects.size()) +
                              " objects, " + std::to_string(c.data_end) + " bytes";
    if (i < disk.size()) {
        c.damage = IndexDamage::Damaged;
        c.note = "index record " + std::to_string(i) + " is damaged (" + describe(disk[i]) +
                 (i < c.objects.size() ? "; the data has " + describe(c.objects[i]) + " there)"
                                       : "; past the end of the data)") +
                 "; " + found;
    } else {
        c.damage = IndexDamage::TornTail;
        c.note = "the index holds " + std::to_string(disk.size()) + " records" +
                 (partial ? " and part of one" : "") + "; " + found +
                 (data_size > c.data_end
                      ? " and " + std::to_string(data_size - c.data_end) + " bytes of a torn block"
                      : "");
    }
    return c;
}

} // namespace tl::device
