#include "job/media_reader.h"

#include "format/constants.h"

namespace tl::job {

Status MediaReader::to_file(std::uint32_t file) {
    TL_TRY(drive_.rewind());
    if (file > 0) TL_TRY(drive_.space_filemarks(static_cast<long>(file)));
    return {};
}

Status MediaReader::seek(std::uint64_t pos) {
    return drive_.seek(pos);
}

RawBlock MediaReader::read(std::uint8_t* buf, std::size_t capacity) {
    return outcome(drive_.read_block(buf, capacity), buf);
}

RawBlock MediaReader::read_view(std::uint8_t* buf, std::size_t capacity) {
    const std::uint8_t* view = nullptr;
    auto n = drive_.read_block_view(buf, capacity, view);
    return outcome(std::move(n), view ? view : buf);
}

RawBlock MediaReader::outcome(Result<std::size_t> n, const std::uint8_t* data) {
    if (!n) {
        if (n.error().kind == ErrorKind::NotFound)
            return {BlockKind::EndOfData, 0, n.error().message};
        return {BlockKind::Unreadable, 0, n.error().message};
    }
    if (n.value() == 0) return {BlockKind::Filemark, 0, {}};
    ++blocks_;
    bytes_ += n.value();
    return {BlockKind::Data, n.value(), {}, data};
}

Status MediaReader::read_file(std::uint32_t file, const OnBlock& on_block,
                              const OnFault& on_fault) {
    TL_TRY(to_file(file));
    return read_here(file, on_block, on_fault);
}

Status MediaReader::read_here(std::uint32_t file, const OnBlock& on_block,
                              const OnFault& on_fault) {
    stop_ = false;
    buf_.resize(format::kMaxBlockSize);
    for (std::uint32_t b = 0;; ++b) {
        const auto r = read(buf_.data(), buf_.size());
        if (r.kind == BlockKind::EndOfData || r.kind == BlockKind::Filemark) return {};
        if (r.kind == BlockKind::Unreadable) {
            on_fault({file, b, true, r.error});
            continue;
        }
        if (auto st = parsed_.parse(buf_.data(), r.size); !st) {
            on_fault({file, b, false, st.error().message});
            continue;
        }
        TL_TRY(on_block(b, buf_.data(), r.size, parsed_));
        if (stop_) return {};
    }
}

} // namespace tl::job
