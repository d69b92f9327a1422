#pragma once
// Lists a volume with no catalog at all: reads its label, the first block of every tape file
// (session headers, trailers), then each session's index from its trailer; sessions without a
// trailer on this volume (a crash, or a session continued on the next volume) are scanned
// block by block instead. Needs the cartridge loaded in `drive`.
#include <string>
#include <vector>

#include "crypto/key_store.h"
#include "device/tape_drive.h"
#include "format/object.h"
#include "format/session_header.h"
#include "format/volume_label.h"
#include "job/saveset_reader.h"

namespace tl::job {

struct ScannedObject {
    std::string session; // session UUID
    std::uint64_t job_id = 0;
    std::uint32_t stream_id = 0;
    std::string source; // the stream's identity (what was backed up)
    std::string path;
    int kind = -1; // format::ObjectKind when known (full scans), -1 from an index
    std::uint64_t size = 0;
    std::uint64_t header_offset = 0;
    std::uint32_t tape_file = 0;
    std::uint32_t block =
        0;            // block of the object's header (full scan), else first block of its extent
    std::string hash; // hex, when the trailer was seen
    bool complete = false; // the trailer was read
};

struct ScannedSession {
    std::string uuid;
    std::uint64_t job_id = 0;
    std::string host;
    std::int64_t start_time = 0;
    std::uint32_t block_size = 0;
    std::uint32_t volume_seq = 0;
    std::string prev_volume;
    std::vector<format::StreamInfo> streams;
    std::vector<std::uint32_t> tape_files;
    bool has_trailer = false;
    // Encrypted sessions: the key id; names_sealed when the file names are encrypted too;
    // locked when the key is not in the key store (then only clear names are listed).
    std::string key_id;
    bool names_sealed = false;
    bool locked = false;
};

struct VolumeListing {
    format::VolumeLabel label;
    std::vector<ScannedSession> sessions;
    std::vector<ScannedObject> objects;
    std::vector<BadBlock> bad_blocks;
    std::uint32_t tape_files = 0; // including the label file
    std::uint64_t blocks_read = 0;
};

// `keys`: where to find the keys of encrypted sessions (nullptr: none are opened).
Result<VolumeListing> list_volume(device::TapeDrive& drive, const crypto::KeyStore* keys = nullptr);

} // namespace tl::job
