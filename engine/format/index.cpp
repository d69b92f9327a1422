#include "format/index.h"

#include "format/record.h"

namespace tl::format {
namespace {

void put_uuid(ByteWriter& w, const Uuid& u) {
    w.raw(u.bytes.data(), 16);
}
Uuid get_uuid(ByteReader& r) {
    Uuid u;
    r.raw(u.bytes.data(), 16);
    return u;
}
void put_hash(ByteWriter& w, const codec::Hash128& h) {
    w.u64(h.lo);
    w.u64(h.hi);
}
codec::Hash128 get_hash(ByteReader& r) {
    codec::Hash128 h;
    h.lo = r.u64();
    h.hi = r.u64();
    return h;
}
void put_location(ByteWriter& w, const RecordLocation& l) {
    w.u32(l.volume_seq);
    w.u32(l.tape_file);
    w.u32(l.block_in_file);
    w.u32(0);
    w.u64(l.control_offset);
}
RecordLocation get_location(ByteReader& r) {
    RecordLocation l;
    l.volume_seq = r.u32();
    l.tape_file = r.u32();
    l.block_in_file = r.u32();
    r.u32();
    l.control_offset = r.u64();
    return l;
}
void put_locations(ByteWriter& w, const std::vector<RecordLocation>& v) {
    w.u32(static_cast<std::uint32_t>(v.size()));
    for (const auto& l : v)
        put_location(w, l);
}
std::vector<RecordLocation> get_locations(ByteReader& r) {
    std::vector<RecordLocation> v;
    const std::uint32_t n = r.u32();
    for (std::uint32_t i = 0; i < n && r.ok(); ++i)
        v.push_back(get_location(r));
    return v;
}

} // namespace

void encode_index_segment(const IndexSegment& s, std::vector<std::uint8_t>& out) {
    ByteWriter w(out);
    const std::size_t start = begin_record(w, kIndexSegmentMagic);
    put_uuid(w, s.session_uuid);
    w.u32(s.segment_seq);
    w.u32(static_cast<std::uint32_t>(s.objects.size()));
    for (const auto& o : s.objects) {
        w.u64(o.object_id);
        w.u32(o.stream_id);
        w.u32(o.status);
        w.u64(o.header_offset);
        w.u64(o.size);
        put_hash(w, o.hash);
        w.str(o.path);
    }
    w.u32(static_cast<std::uint32_t>(s.extents.size()));
    for (const auto& e : s.extents) {
        w.u32(e.stream_id);
        w.u32(e.volume_seq);
        w.u64(e.begin_offset);
        w.u64(e.end_offset);
        w.u32(e.tape_file);
        w.u32(e.first_block);
        w.u32(e.last_block);
        w.u32(0);
    }
    end_record(w, start);
}

Result<IndexSegment> decode_index_segment(const std::uint8_t* p, std::size_t n) {
    auto rr = open_record(p, n, kIndexSegmentMagic, "index segment");
    if (!rr) return rr.error();
    ByteReader& r = rr.value();
    IndexSegment s;
    s.session_uuid = get_uuid(r);
    s.segment_seq = r.u32();
    const std::uint32_t no = r.u32();
    for (std::uint32_t i = 0; i < no && r.ok(); ++i) {
        IndexObject o;
        o.object_id = r.u64();
        o.stream_id = r.u32();
        o.status = r.u32();
        o.header_offset = r.u64();
        o.size = r.u64();
        o.hash = get_hash(r);
        o.path = r.str();
        s.objects.push_back(std::move(o));
    }
    const std::uint32_t ne = r.u32();
    for (std::uint32_t i = 0; i < ne && r.ok(); ++i) {
        IndexExtent e;
        e.stream_id = r.u32();
        e.volume_seq = r.u32();
        e.begin_offset = r.u64();
        e.end_offset = r.u64();
        e.tape_file = r.u32();
        e.first_block = r.u32();
        e.last_block = r.u32();
        r.u32();
        if (e.end_offset < e.begin_offset || e.last_block < e.first_block)
            return make_error(ErrorKind::Corrupt, "index segment " + std::to_string(s.segment_seq) +
                                                      ": extent " + std::to_string(i) +
                                                      " ends before it begins");
        s.extents.push_back(e);
    }
    if (!r.ok()) return r.error();
    return s;
}

void encode_session_trailer(const SessionTrailer& t, std::vector<std::uint8_t>& out) {
    ByteWriter w(out);
    const std::size_t start = begin_record(w, kSessionTrailerMagic);
    put_uuid(w, t.session_uuid);
    w.u64(t.job_id);
    w.i64(t.end_time);
    w.u8(static_cast<std::uint8_t>(t.status));
    w.u8(t.has_prev_trailer ? 1 : 0);
    w.u16(0);
    w.u32(t.volume_seq);
    w.u64(t.objects);
    w.u64(t.data_bytes);
    w.u32(static_cast<std::uint32_t>(t.streams.size()));
    for (const auto& s : t.streams) {
        w.u32(s.stream_id);
        w.u32(0);
        w.u64(s.objects);
        w.u64(s.stream_bytes);
        w.u64(s.data_bytes);
        put_hash(w, s.hash);
    }
    put_locations(w, t.index_segments);
    put_uuid(w, t.prev_session_uuid);
    put_location(w, t.prev_trailer);
    w.u64(t.prev_trailer_position);
    end_record(w, start);
}

Result<SessionTrailer> decode_session_trailer(const std::uint8_t* p, std::size_t n) {
    auto rr = open_record(p, n, kSessionTrailerMagic, "session trailer");
    if (!rr) return rr.error();
    ByteReader& r = rr.value();
    SessionTrailer t;
    t.session_uuid = get_uuid(r);
    t.job_id = r.u64();
    t.end_time = r.i64();
    const std::uint8_t status = r.u8();
    t.has_prev_trailer = r.u8() != 0;
    r.u16();
    t.volume_seq = r.u32();
    t.objects = r.u64();
    t.data_bytes = r.u64();
    const std::uint32_t ns = r.u32();
    for (std::uint32_t i = 0; i < ns && r.ok(); ++i) {
        StreamTotals s;
        s.stream_id = r.u32();
        r.u32();
        s.objects = r.u64();
        s.stream_bytes = r.u64();
        s.data_bytes = r.u64();
        s.hash = get_hash(r);
        t.streams.push_back(s);
    }
    t.index_segments = get_locations(r);
    t.prev_session_uuid = get_uuid(r);
    t.prev_trailer = get_location(r);
    t.prev_trailer_position = r.u64();
    if (!r.ok()) return r.error();
    if (status > static_cast<std::uint8_t>(SessionStatus::Failed))
        return make_error(ErrorKind::Corrupt,
                          "session trailer: unknown status " + std::to_string(status));
    t.status = static_cast<SessionStatus>(status);
    return t;
}

void encode_eov_marker(const EovMarker& e, std::vector<std::uint8_t>& out) {
    ByteWriter w(out);
    const std::size_t start = begin_record(w, kEovMagic);
    put_uuid(w, e.session_uuid);
    w.u32(e.volume_seq);
    w.u32(0);
    w.u64(e.last_block_seq);
    w.u32(static_cast<std::uint32_t>(e.resume.size()));
    for (const auto& rp : e.resume) {
        w.u32(rp.stream_id);
        w.u32(0);
        w.u64(rp.next_offset);
    }
    put_locations(w, e.index_segments);
    end_record(w, start);
}

Result<EovMarker> decode_eov_marker(const std::uint8_t* p, std::size_t n) {
    auto rr = open_record(p, n, kEovMagic, "end-of-volume marker");
    if (!rr) return rr.error();
    ByteReader& r = rr.value();
    EovMarker e;
    e.session_uuid = get_uuid(r);
    e.volume_seq = r.u32();
    r.u32();
    e.last_block_seq = r.u64();
    const std::uint32_t nr = r.u32();
    for (std::uint32_t i = 0; i < nr && r.ok(); ++i) {
        ResumePoint rp;
        rp.stream_id = r.u32();
        r.u32();
        rp.next_offset = r.u64();
        e.resume.push_back(rp);
    }
    e.index_segments = get_locations(r);
    if (!r.ok()) return r.error();
    return e;
}

} // namespace tl::format
