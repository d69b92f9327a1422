#pragma once
// TapeAlert (SSC LOG SENSE page 2Eh): the 64 flags a tape drive raises about itself and its
// cartridge, their names and severities (information, warning, critical) as the TapeAlert
// specification (T10/02-142r0) and SSC-3 define them, what Tapeloom does about each, and the
// parser of the log page. No I/O here: the st drive sends LOG SENSE through SG_IO
// (st_tape_alert.h), the virtual drive reports injected flags (virtual_faults.h).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::device {

enum class AlertSeverity { Info, Warning, Critical };

// What Tapeloom does when a flag is raised (docs/devices.md "TapeAlert").
enum class AlertAction {
    Note,         // shown in the job report, the drive and the events; nothing else
    Clean,        // the drive is cleaned with a CLN cartridge
    MarkMedia,    // the cartridge is marked (state error) and not appended to
    DriveFault,   // the drive is taken out of reservations until an operator clears it
    CleaningMedia // the loaded cleaning cartridge is used up or invalid
};

struct TapeAlertFlag {
    int number = 0; // 1..64
    const char* name = "";
    AlertSeverity severity = AlertSeverity::Info;
    AlertAction action = AlertAction::Note;
};

// The flag `n` (1..64); reserved and obsolete numbers have a name ("Reserved (2Fh)") and Note.
const TapeAlertFlag& tape_alert_flag(int n);
// The flags set in `word` (bit n-1 = flag n), in number order.
std::vector<TapeAlertFlag> flags_in(std::uint64_t word);
// "20 Clean now (critical)".
std::string describe(const TapeAlertFlag& f);
const char* to_string(AlertSeverity s);
const char* to_string(AlertAction a);

// The flags of a LOG SENSE page 2Eh response: page code 2Eh in byte 0 (bits 0-5), page length
// in bytes 2-3, then parameters {code (2 bytes, 1..64), control, length, value...}; a flag is
// set when bit 0 of its value's last byte is. A response cut short by the allocation length
// yields the complete parameters in it (`truncated` says so). Corrupt: another page, or a
// parameter that overruns the page it claims.
struct TapeAlertPage {
    std::uint64_t flags = 0;
    int parameters = 0; // flag parameters read
    bool truncated = false;
};
Result<TapeAlertPage> parse_tape_alert_page(const std::uint8_t* data, std::size_t size);

} // namespace tl::device
