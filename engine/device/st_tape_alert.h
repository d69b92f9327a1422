#pragma once
// TapeAlert of a real drive: LOG SENSE page 2Eh sent through SG_IO to the drive's SCSI generic
// node, found from its st node in sysfs (/sys/class/scsi_tape/nstN/device/scsi_generic/sgM;
// a /dev/tape/by-id link is resolved first). Not testable without a drive: the parser it feeds
// (tape_alert.h) is tested on captured pages.
#include <cstdint>
#include <string>

#include "common/result.h"

namespace tl::device {

// "/dev/sg3" for "/dev/nst0" (or a by-id link to it); NotFound naming what to check.
Result<std::string> sg_node_of(const std::string& st_node);
// The TapeAlert flags (bit n-1 = flag n) the drive at `sg_node` reports now; reading clears them.
Result<std::uint64_t> read_tape_alerts_sg(const std::string& sg_node);

} // namespace tl::device
