#pragma once
// Gives a restore writer one save set whole, as a drive's reading thread would, for tests of
// what the writer makes of it.
#include <cstdint>
#include <memory>
#include <vector>

#include <QString>

#include "format/stream_parser.h"
#include "job/restore_writer.h"

namespace tltest {

// A writer on `target` with `o`, given `stream` (its objects' header offsets: `offsets`) and
// the save set ended, not finished; null when it does not open or begin the save set.
inline std::unique_ptr<tl::job::RestoreWriter>
feed_writer(const QString& target, const tl::job::RestoreWriterOptions& o,
            const std::vector<std::uint8_t>& stream, const std::vector<std::uint64_t>& offsets) {
    auto w = tl::job::RestoreWriter::open(target.toStdString(), o);
    if (!w || !w.value()->begin_saveset("", offsets)) return nullptr;
    tl::format::StreamParser parser(*w.value(), 1);
    (void)parser.feed(0, stream.data(), stream.size());
    w.value()->end_saveset();
    return std::move(w.value());
}

} // namespace tltest
