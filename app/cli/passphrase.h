#pragma once
// The passphrase of a key export: the first line of --passphrase-file, or typed at the
// terminal without echo (twice when a new export is written). Never logged or printed.
#include <string>

#include "common/result.h"

namespace tl::cli {

class Args;

Result<std::string> read_passphrase(const Args& args, bool confirm);

} // namespace tl::cli
