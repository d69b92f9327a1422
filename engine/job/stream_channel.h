#pragma once
// A bounded hand-off of StreamBuffers between one reader (producer) and the drive multiplexer
// (consumer). It owns `count` buffers; the reader blocks when all are full, which is how a slow
// drive back-pressures its readers. Several channels of one drive share one DriveSignal so the
// multiplexer can wait for "any stream has data". Thread-safe.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "job/stream_buffer.h"

namespace tl::job {

struct DriveSignal {
    std::mutex mutex;
    std::condition_variable cv;
    bool cancelled = false;
};

class StreamChannel {
public:
    // `block_headroom` > 0: block-shaped buffers (StreamBuffer), `buffer_bytes` of data each.
    StreamChannel(DriveSignal& signal, std::size_t count, std::size_t buffer_bytes,
                  std::size_t block_headroom = 0);

    // Producer: an empty buffer (blocks while none is free); nullptr once cancelled.
    StreamBuffer* acquire();
    // Producer: hands a filled buffer to the multiplexer.
    void publish(StreamBuffer* b);

    // Consumer (call with signal.mutex held): the oldest filled buffer, or nullptr.
    StreamBuffer* front_locked() { return full_.empty() ? nullptr : full_.front(); }
    // Consumer (signal.mutex held): the front buffer is fully placed; recycle it.
    void pop_locked();
    // Consumer (signal.mutex held): the stream's last buffer was consumed.
    bool finished_locked() const { return finished_; }

    std::size_t buffer_bytes() const { return buffer_bytes_; }
    bool block_shaped() const { return block_headroom_ > 0; }

private:
    DriveSignal& sig_;
    std::vector<std::unique_ptr<StreamBuffer>> owned_;
    std::deque<StreamBuffer*> free_;
    std::deque<StreamBuffer*> full_;
    std::size_t buffer_bytes_;
    std::size_t block_headroom_;
    bool finished_ = false;
};

} // namespace tl::job
