#pragma once
// The typed door's libraries (api.h): cartridge moves of a library's changer.
#include <optional>
#include <string>

namespace tl::client {

// What a move did, as `library load|unload|transfer|import --json` says it.
struct CartridgeMoved {
    std::string library;
    std::string done; // "loaded slot 5 into drive 1"
};

struct LoadRequest {
    int slot = 0;
    int drive = 0;
};
struct UnloadRequest {
    int drive = 0;
    std::optional<int> slot; // none: the slot it came from
};
struct TransferRequest {
    int from = 0, to = 0; // storage slots
};
struct ImportRequest {
    int mail = 0; // mail slot, from 1
    int to = 0;   // storage slot
};

} // namespace tl::client
