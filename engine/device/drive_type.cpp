#include "device/drive_type.h"

namespace tl::device {

namespace {
// LTO-9 full height: 400 MB/s native, 18 TB, 12 speed-matching steps from 177 MB/s (IBM
// TS2290/LTO-9 datasheet figures), 1 GB buffer, 1,035 m of tape in 280 wraps (8,960 tracks
// written 32 at a time). Assumptions: the tape starts once a quarter of the buffer holds data
// (enough for two of the speed-matching model's measuring windows at the native rate with no
// input at all), 3 s per backhitch (tape-notes §7), 15 s load and thread,
// 15 s unload, 10 m/s locate (a full rewind of about 100 s), 1.5 s settle, 0.4 s per wrap
// change, 90 s per cleaning. Media rating: 260 full-file passes, 20,000 loads.
DriveType lto9() {
    DriveType t;
    t.name = "lto9";
    t.native_rate = 400e6;
    t.speed_steps = even_steps(177e6, 400e6, 12);
    t.native_capacity = 18'000'000'000'000ull;
    t.buffer = 1e9;
    t.start_fill = 0.25;
    t.reposition_s = 3.0;
    t.load_s = 15.0;
    t.unload_s = 15.0;
    t.tape_length_m = 1035.0;
    t.wraps = 280;
    t.locate_speed_mps = 10.0;
    t.settle_s = 1.5;
    t.wrap_change_s = 0.4;
    t.cleaning_s = 90.0;
    t.rated_full_passes = 260;
    t.rated_loads = 20000;
    return t;
}

// LTO-8 full height: 360 MB/s native, 12 TB, 12 steps from 112 MB/s (IBM LTO-8 datasheet),
// 1 GB buffer, 960 m in 208 wraps (6,656 tracks). Mechanical figures as for LTO-9.
DriveType lto8() {
    DriveType t = lto9();
    t.name = "lto8";
    t.native_rate = 360e6;
    t.speed_steps = even_steps(112e6, 360e6, 12);
    t.native_capacity = 12'000'000'000'000ull;
    t.tape_length_m = 960.0;
    t.wraps = 208;
    return t;
}
} // namespace

std::vector<double> even_steps(double lowest, double highest, int count) {
    std::vector<double> out;
    if (count < 2) return {highest};
    for (int i = 0; i < count; ++i)
        out.push_back(lowest + (highest - lowest) * i / (count - 1));
    return out;
}

std::vector<std::string> drive_type_names() {
    return {"lto8", "lto9"};
}

Result<DriveType> find_drive_type(const std::string& name) {
    if (name == "lto9") return lto9();
    if (name == "lto8") return lto8();
    return make_error(ErrorKind::NotFound,
                      "drive model '" + name + "' is not known; use lto8 or lto9");
}

} // namespace tl::device
