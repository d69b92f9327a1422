#pragma once
// The words of `volume mark BARCODE WHAT`, checked once for both of its paths (in this process
// and through the service's typed door).
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::cli {

struct MarkWords {
    std::string barcode;
    std::string what; // read-only, disabled, enabled, error, damaged, offsite or onsite
};

inline Result<MarkWords> mark_words(const std::vector<std::string>& w) {
    if (w.size() != 2)
        return make_error(ErrorKind::InvalidArgument,
                          "usage: volume mark BARCODE read-only|disabled|enabled|error|offsite "
                          "--location L|onsite");
    const std::string& what = w[1];
    for (const char* known :
         {"read-only", "disabled", "enabled", "error", "damaged", "offsite", "onsite"})
        if (what == known) return MarkWords{w[0], what};
    return make_error(ErrorKind::InvalidArgument,
                      "volume mark: '" + what +
                          "' is not one of read-only, disabled, enabled, error (damaged), "
                          "offsite, onsite");
}

} // namespace tl::cli
