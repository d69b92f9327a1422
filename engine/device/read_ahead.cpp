#include "device/read_ahead.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace tl::device {

namespace {
constexpr std::uint64_t kAlign = kIoAlign; // a multiple of every filesystem's direct alignment
}

ReadAhead::ReadAhead() = default;

ReadAhead::~ReadAhead() {
    if (next_pending_) next_done_.wait();
}

Status ReadAhead::fill(const CartridgeData& data, Window& w, std::uint64_t from,
                       std::uint64_t end) {
    if (!w.bytes) w.bytes = make_io_block(kWindow);
    w.size = 0;
    const auto size = static_cast<std::size_t>(std::min<std::uint64_t>(kWindow, end - from));
    // The aligned part goes direct; a last window's unaligned tail is read on its own.
    const std::size_t aligned = size / kAlign * kAlign;
    if (aligned > 0) TL_TRY(data.read(from, w.bytes.get(), aligned));
    if (size > aligned) TL_TRY(data.read(from + aligned, w.bytes.get() + aligned, size - aligned));
    w.from = from;
    w.size = size;
    return {};
}

void ReadAhead::take_next() {
    if (!next_pending_) return;
    next_pending_ = false;
    // A window that could not be read ahead is read again where a block of it is wanted,
    // and that read's error is the one reported.
    if (!next_done_.get()) next_.size = 0;
}

void ReadAhead::read_next(const CartridgeData& data, std::uint64_t end) {
    const std::uint64_t from = current_.from + current_.size;
    if (next_pending_ || from >= end || (next_.size > 0 && next_.from == from)) return;
    next_.size = 0;
    next_pending_ = true;
    next_done_ = std::async(std::launch::async,
                            [this, &data, from, end] { return fill(data, next_, from, end); });
    ++windows_;
}

Status ReadAhead::read(const CartridgeData& data, std::uint64_t offset, void* buf, std::size_t size,
                       std::uint64_t end) {
    if (size > kWindow) {
        take_next();
        return data.read(offset, buf, size);
    }
    if (!current_.holds(offset, size)) {
        take_next();
        if (next_.holds(offset, size)) {
            std::swap(current_, next_);
        } else {
            TL_TRY(fill(data, current_, offset / kAlign * kAlign, end));
            ++windows_;
        }
        next_.size = 0;
    }
    std::memcpy(buf, current_.bytes.get() + (offset - current_.from), size);
    read_next(data, end);
    return {};
}

} // namespace tl::device
