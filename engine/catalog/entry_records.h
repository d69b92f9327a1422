#pragma once
// The rows a backup gives the catalog, batched per tape file (job/catalog_records.h explains
// when): file entries, deletion markers, extents of the streams and the tape file itself.
// Plain data; catalog::EntryWriter stores a batch in one transaction.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tl::catalog {

struct FileRecord {
    std::int64_t saveset_id = 0;
    std::string dir;  // parent path relative to the source root ("" at the root)
    std::string name; // last component ("" for the root itself)
    int kind = 0;     // format::ObjectKind
    std::uint32_t mode = 0, uid = 0, gid = 0;
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
    std::int64_t ctime_ns = 0; // change detection of diff/incr backups (docs/levels.md)
    std::uint64_t inode = 0;
    std::array<std::uint8_t, 16> hash{};
    bool has_hash = false;
    std::uint64_t offset = 0;   // stream offset of the object header
    std::int64_t volume_id = 0; // where that header is
    std::uint32_t file_number = 0;
    std::uint32_t block = 0;
    std::uint32_t flags = 0; // 1 changed while read, 2 read error
};

// A deletion marker: an entry of the base chain that a diff/incr no longer found (deleted, or
// renamed away). It has no object on media; the point-in-time view drops the path from then on.
struct DeletionRecord {
    std::int64_t saveset_id = 0;
    std::string dir;
    std::string name;
    int kind = 0; // what was there (format::ObjectKind)
};

struct ExtentRecord {
    std::int64_t saveset_id = 0;
    std::uint64_t offset = 0, end_offset = 0;
    std::int64_t volume_id = 0;
    std::uint32_t file_number = 0, first_block = 0, last_block = 0;
};

struct TapeFileRecord {
    std::int64_t session_id = 0;
    std::int64_t volume_id = 0;
    std::uint32_t volume_seq = 0;
    std::uint32_t file_number = 0;
    std::uint64_t start_pos = 0;
    std::uint64_t blocks = 0;
    std::uint64_t first_seq = 0;
    std::uint64_t bytes = 0; // block bytes written in this tape file
};

// One closed tape file's worth of catalog rows, plus where the volume now ends.
struct CatalogBatch {
    std::vector<FileRecord> files;
    std::vector<DeletionRecord> deletions;
    std::vector<ExtentRecord> extents;
    TapeFileRecord tape_file;
    std::uint32_t volume_next_file = 0; // the volume's next free tape file number
    bool volume_full = false;
};

} // namespace tl::catalog
