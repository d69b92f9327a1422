#pragma once
// `files ls` as text (docs/cli.md "files ls"): one line per entry, the size right-aligned in 14
// columns or <dir>, two spaces, the name (a / after a directory). A listing that spans several
// sources (a job of `--source a --source b` listed by --job) prints each source's lines under a
// `SOURCE:` line, a blank line between groups, as `ls a b` does; a listing of one source has no
// header. Lines are written as they come, except the first source's: they are held until a
// second source shows there is more than one, or the listing ends.
#include <cstdint>
#include <ostream>
#include <string>

namespace tl::cli {

class FileListText {
public:
    explicit FileListText(std::ostream& out) : out_(out) {}
    void add(const std::string& source, const std::string& name, bool dir, std::uint64_t size);
    void finish(); // writes what is still held

private:
    void start_group(const std::string& source);
    std::ostream& out_;
    std::string first_source_, current_, held_;
    bool any_ = false, several_ = false;
};

} // namespace tl::cli
