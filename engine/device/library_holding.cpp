// open_library_holding (library.h): which configured library holds the volumes a job reads.
#include <set>

#include "device/library.h"

namespace tl::device {

Result<std::unique_ptr<Library>> open_library_holding(catalog::Db& db, const std::string& home,
                                                      const std::string& name,
                                                      const std::vector<std::string>& barcodes,
                                                      Clock& clock) {
    if (!name.empty() || barcodes.empty()) return open_library(db, home, name, clock);
    auto names = library_names(db);
    if (!names) return names.error();
    const std::set<std::string> wanted(barcodes.begin(), barcodes.end());
    std::unique_ptr<Library> best;
    std::size_t best_held = 0;
    for (const auto& n : names.value()) {
        auto lib = open_library(db, home, n, clock);
        if (!lib) continue; // an unreachable library holds nothing we can read
        auto present = lib.value()->barcodes();
        if (!present) continue;
        std::size_t held = 0;
        for (const auto& bc : present.value())
            held += wanted.count(bc);
        if (held > best_held) {
            best = std::move(lib.value());
            best_held = held;
            if (held == wanted.size()) break;
        }
    }
    if (best) return best;
    return open_library(db, home, "", clock);
}

} // namespace tl::device
