#pragma once
// Which job uses which drive, for the commands that show the drives (`library status`,
// `drive status`): the engine's reservation book (the jobs of this process: the service's, when
// the command runs in it) and the jobs' live snapshots on the LiveBoard (jobs of any process,
// with the drives and volumes they work on). A drive or cartridge a job uses is shown as that
// job's ("in use by job 3"), never opened by the command, and never called "another process".
#include <cstdint>
#include <map>
#include <string>

#include "context/engine.h"

namespace tl::device {

struct DriveUser {
    std::int64_t job_id = 0; // 0: work without a job row (named by `job`)
    std::string job;         // "job 3", "label of TLO009L9"
    std::string activity;    // what the job does there now ("writing"; live board), else ""
};

class DriveUsers {
public:
    // Reads the book and the board of `engine` once.
    explicit DriveUsers(Engine& engine);
    // The job using drive `index` (named `name`) of `library`; nullptr when none does.
    const DriveUser* of(const std::string& library, std::size_t index,
                        const std::string& name) const&;
    const DriveUser* of(const std::string&, std::size_t, const std::string&) && = delete;
    // The job using the cartridge `barcode` (reserved, or in a drive it works on); nullptr
    // when none does.
    // Both hand out pointers into this object: never ask a temporary.
    const DriveUser* of_volume(const std::string& barcode) const&;
    const DriveUser* of_volume(const std::string&) && = delete;

private:
    std::map<std::pair<std::string, std::size_t>, DriveUser> booked_; // (library, index)
    std::map<std::string, DriveUser> live_;                           // by drive name
    std::map<std::string, DriveUser> volumes_;                        // by barcode
};

} // namespace tl::device
