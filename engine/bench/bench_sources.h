#pragma once
// The files a backup or restore benchmark works on: the caller's sources, or a generated set of
// incompressible files under the scratch directory, listed in the order a backup reads them.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::bench {

struct BenchSources {
    std::vector<std::string> sources; // one backup source each
    std::vector<std::string> files;   // the regular files under them, in walk order
    bool generated = false;           // made under <scratch>/data for this run
};

struct BenchSourceRequest {
    std::vector<std::string> given; // the caller's --source paths; empty: generate
    std::uint64_t files = 0;        // generated: how many files
    std::uint64_t size = 0;         // generated: bytes in total
    std::size_t groups = 1;         // generated: one source directory per session
    std::string scratch;            // generated: made under scratch + "/data"
};

// InvalidArgument when the sources hold no regular file; I/O errors name the path.
Result<BenchSources> prepare_bench_sources(const BenchSourceRequest& request,
                                           const std::function<void(const std::string&)>& note);

} // namespace tl::bench
