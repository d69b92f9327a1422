#pragma once
// Writes restored objects under a target directory and nowhere else, whatever names the media
// or the catalog carry: every path is resolved component by component from the target's
// directory fd with O_NOFOLLOW, so "..", absolute names, and symlinks (in the target, or
// restored earlier in the same job) can never lead outside. Files are written to a temporary
// name and renamed into place only once their content hash matched; directory metadata is
// applied after their contents. One writer per thread.
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "format/stream_parser.h"

namespace tl::job {

enum class ExistingPolicy { Skip, Overwrite, KeepNewer, Rename };
Result<ExistingPolicy> parse_existing_policy(const std::string& text);

struct RestoreOutcome {
    std::string path;   // as written under the target (relative)
    std::string status; // restored | skipped | failed | refused
    std::string why;
};

class RestoreWriter final : public format::StreamSink {
public:
    // Creates `target` if missing. Owners are restored when running as root.
    static Result<std::unique_ptr<RestoreWriter>> open(const std::string& target,
                                                       ExistingPolicy policy);
    ~RestoreWriter() override;

    // Objects of the next save set go below `prefix` (relative, checked like any path);
    // only those whose header offset is in `wanted` are written.
    Status begin_saveset(const std::string& prefix, std::set<std::uint64_t> wanted);
    // The current object cannot be completed (damaged block): it is dropped and reported.
    void fail_current(const std::string& why);
    // Wanted objects never seen in the stream are reported as failed.
    void end_saveset();
    // Applies directory metadata, deepest first.
    Status finish();

    Status on_object_header(std::uint64_t offset, const format::ObjectHeader& h) override;
    Status on_data(std::uint64_t file_offset, const std::uint8_t* data, std::size_t n) override;
    Status on_object_trailer(const format::ObjectTrailer& t,
                             const format::ObjectCheck& check) override;

    const std::vector<RestoreOutcome>& outcomes() const { return outcomes_; }
    std::uint64_t files_restored() const { return restored_; }
    std::uint64_t bytes_written() const { return bytes_; }
    std::uint64_t failures() const { return failed_; }

private:
    struct Impl;
    explicit RestoreWriter(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d_;
    std::vector<RestoreOutcome> outcomes_;
    std::uint64_t restored_ = 0, bytes_ = 0, failed_ = 0;
    friend struct Impl;
};

} // namespace tl::job
