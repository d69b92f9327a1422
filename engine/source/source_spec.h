#pragma once
// What a backup reads, as the administrator writes it on the command line:
//   /path/to/tree        a file tree (or a single file)
//   raw:/dev/sdb         a raw block device or image file, one stream ("the entire disk")
//   cmd:'pg_dump db'     the stdout of a command, one stream; its exit code is checked
//   sqlite:/path/app.db  a live SQLite database, copied consistently while writers go on
#include <string>

#include "common/result.h"

namespace tl::source {

// Client: a file tree on a client, read by its agent (docs/agent.md); never parsed from text.
enum class SourceKind { FileTree, Raw, Command, Sqlite, Client };

struct SourceSpec {
    SourceKind kind = SourceKind::FileTree;
    std::string target; // path, device, or command line
    std::string text;   // as given, for reports and the catalog
};

const char* to_string(SourceKind kind); // "files", "raw", "cmd", "sqlite", "client"

// Parses and checks existence (paths), so a typo fails before any tape moves.
Result<SourceSpec> parse_source(const std::string& text);

} // namespace tl::source
