#pragma once
// A real SCSI changer driven through the mtx tool: `mtx -f DEVICE status|load|unload|transfer`.
// Every move first reads the status and applies the same checks as the virtual changer, so a
// refused move never reaches the robot. Thread-safe: moves are serialized by a mutex.
#include <mutex>
#include <string>
#include <vector>

#include "device/changer.h"

namespace tl::device {

struct MtxChangerConfig {
    std::string name;        // library name
    std::string device;      // /dev/sgN (prefer /dev/tape/by-id/...)
    std::string mtx = "mtx"; // the mtx program (a path, or found on PATH)
};

class MtxChanger final : public Changer {
public:
    explicit MtxChanger(MtxChangerConfig config) : c_(std::move(config)) {}

    const std::string& name() const override { return c_.name; }
    Result<Inventory> inventory() override;
    Status load(int slot, int drive) override;
    Status unload(int drive, std::optional<int> slot = std::nullopt) override;
    Status transfer(int from_slot, int to_slot) override;

private:
    // Runs mtx -f DEVICE args...; returns its stdout (stderr on failure in the message).
    Result<std::string> run(const std::vector<std::string>& args);
    MtxChangerConfig c_;
    std::mutex mu_;
};

} // namespace tl::device
