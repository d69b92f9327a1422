#include "job/stream_channel.h"

namespace tl::job {

StreamChannel::StreamChannel(DriveSignal& signal, std::size_t count, std::size_t buffer_bytes,
                             std::size_t block_headroom)
    : sig_(signal), buffer_bytes_(buffer_bytes), block_headroom_(block_headroom) {
    for (std::size_t i = 0; i < count; ++i) {
        owned_.push_back(block_headroom
                             ? std::make_unique<StreamBuffer>(buffer_bytes, block_headroom)
                             : std::make_unique<StreamBuffer>(buffer_bytes));
        free_.push_back(owned_.back().get());
    }
}

StreamBuffer* StreamChannel::acquire() {
    std::unique_lock lock(sig_.mutex);
    sig_.cv.wait(lock, [this] { return !free_.empty() || sig_.cancelled; });
    if (sig_.cancelled) return nullptr;
    StreamBuffer* b = free_.front();
    free_.pop_front();
    b->clear();
    return b;
}

void StreamChannel::publish(StreamBuffer* b) {
    {
        std::lock_guard lock(sig_.mutex);
        full_.push_back(b);
    }
    sig_.cv.notify_all();
}

void StreamChannel::pop_locked() {
    StreamBuffer* b = full_.front();
    full_.pop_front();
    if (b->last) finished_ = true;
    free_.push_back(b);
    sig_.cv.notify_all();
}

} // namespace tl::job
