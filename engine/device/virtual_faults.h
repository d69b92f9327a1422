#pragma once
// Faults injected into a virtual library's drives and cartridges, for tests and demos
// (docs/devices.md "Injected faults"). They live in <library>/faults.json, written by
// `tapeloom-cli library fault` and read by the library's VirtualTapeDrives at open, load,
// status, unload and TapeAlert reads, so a fault set from one process reaches a job running
// in another. Changes run under an flock on <library>/faults.lock and replace the file
// atomically.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::device {

struct DriveFaultSpec {
    std::vector<int> tapealert;    // TapeAlert flags the drive raises once, at its next read
    bool offline = false;          // not ready: open and I/O fail until cleared
    bool cleaning_request = false; // "Clean now" (flag 20) until a cleaning cartridge is run
};

struct CartridgeFaultSpec {
    bool fail_load = false;                      // the drive cannot load it (flag 55)
    std::optional<std::uint64_t> media_error_at; // reading or writing this object fails
};

struct FaultPlan {
    std::map<int, DriveFaultSpec> drives; // by drive number in the library
    std::map<std::string, CartridgeFaultSpec> cartridges;
    bool empty() const { return drives.empty() && cartridges.empty(); }
};

// The plan in `library_dir` (empty when no file). Corrupt for a file that is no plan.
Result<FaultPlan> read_fault_plan(const std::string& library_dir);
// Applies `change` to the plan under the lock and writes the result.
Status change_fault_plan(const std::string& library_dir,
                         const std::function<Status(FaultPlan&)>& change);

std::string to_json_text(const FaultPlan& p);

} // namespace tl::device
