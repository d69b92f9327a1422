#include "device/tape_alert.h"

#include <array>

namespace tl::device {

namespace {
using S = AlertSeverity;
using A = AlertAction;

// Flags 1-54 with their types from the TapeAlert specification v3 (T10/02-142r0, "Tape Drive
// Flag Definitions"); 55-60 as SSC-3 later assigned them: 55-57 critical as Proxmox Backup
// Server's tape code treats them, 58-60 warnings (an assumption: the source gives none).
// 40-46 were the loader flags, obsolete for drives since SSC-3.
constexpr std::array<TapeAlertFlag, 64> kFlags{{
    {1, "Read warning", S::Warning, A::Note},
    {2, "Write warning", S::Warning, A::Note},
    {3, "Hard error", S::Warning, A::Note},
    {4, "Media", S::Critical, A::MarkMedia},
    {5, "Read failure", S::Critical, A::MarkMedia},
    {6, "Write failure", S::Critical, A::MarkMedia},
    {7, "Media life", S::Warning, A::MarkMedia},
    {8, "Not data grade", S::Warning, A::MarkMedia},
    {9, "Write protect", S::Critical, A::Note},
    {10, "No removal", S::Info, A::Note},
    {11, "Cleaning media", S::Info, A::Note},
    {12, "Unsupported format", S::Info, A::Note},
    {13, "Recoverable mechanical cartridge failure", S::Critical, A::MarkMedia},
    {14, "Unrecoverable mechanical cartridge failure", S::Critical, A::MarkMedia},
    {15, "Memory chip in cartridge failure", S::Warning, A::Note},
    {16, "Forced eject", S::Critical, A::Note},
    {17, "Read only format", S::Warning, A::Note},
    {18, "Tape directory corrupted on load", S::Warning, A::Note},
    {19, "Nearing media life", S::Info, A::Note},
    {20, "Clean now", S::Critical, A::Clean},
    {21, "Clean periodic", S::Warning, A::Clean},
    {22, "Expired cleaning media", S::Critical, A::CleaningMedia},
    {23, "Invalid cleaning tape", S::Critical, A::CleaningMedia},
    {24, "Retension requested", S::Warning, A::Note},
    {25, "Dual-port interface error", S::Warning, A::Note},
    {26, "Cooling fan failure", S::Warning, A::Note},
    {27, "Power supply failure", S::Warning, A::Note},
    {28, "Power consumption", S::Warning, A::Note},
    {29, "Drive maintenance", S::Warning, A::Note},
    {30, "Hardware A", S::Critical, A::DriveFault},
    {31, "Hardware B", S::Critical, A::DriveFault},
    {32, "Interface", S::Warning, A::Note},
    {33, "Eject media", S::Critical, A::Note},
    {34, "Microcode update fail", S::Warning, A::Note},
    {35, "Drive humidity", S::Warning, A::Note},
    {36, "Drive temperature", S::Warning, A::Note},
    {37, "Drive voltage", S::Warning, A::Note},
    {38, "Predictive failure", S::Critical, A::DriveFault},
    {39, "Diagnostics required", S::Warning, A::Note},
    {40, "Obsolete (28h)", S::Info, A::Note},
    {41, "Obsolete (29h)", S::Info, A::Note},
    {42, "Obsolete (2Ah)", S::Info, A::Note},
    {43, "Obsolete (2Bh)", S::Info, A::Note},
    {44, "Obsolete (2Ch)", S::Info, A::Note},
    {45, "Obsolete (2Dh)", S::Info, A::Note},
    {46, "Obsolete (2Eh)", S::Info, A::Note},
    {47, "Reserved (2Fh)", S::Info, A::Note},
    {48, "Reserved (30h)", S::Info, A::Note},
    {49, "Reserved (31h)", S::Info, A::Note},
    {50, "Lost statistics", S::Warning, A::Note},
    {51, "Tape directory invalid at unload", S::Warning, A::Note},
    {52, "Tape system area write failure", S::Critical, A::MarkMedia},
    {53, "Tape system area read failure", S::Critical, A::MarkMedia},
    {54, "No start of data", S::Critical, A::MarkMedia},
    {55, "Loading failure", S::Critical, A::MarkMedia},
    {56, "Unrecoverable unload failure", S::Critical, A::DriveFault},
    {57, "Automation interface failure", S::Critical, A::DriveFault},
    {58, "Firmware failure", S::Warning, A::Note},
    {59, "WORM medium - integrity check failed", S::Warning, A::Note},
    {60, "WORM medium - overwrite attempted", S::Warning, A::Note},
    {61, "Reserved (3Dh)", S::Info, A::Note},
    {62, "Reserved (3Eh)", S::Info, A::Note},
    {63, "Reserved (3Fh)", S::Info, A::Note},
    {64, "Reserved (40h)", S::Info, A::Note},
}};

constexpr std::uint8_t kTapeAlertPage = 0x2e;
} // namespace

const TapeAlertFlag& tape_alert_flag(int n) {
    static const TapeAlertFlag none{0, "Unknown", S::Info, A::Note};
    return n >= 1 && n <= 64 ? kFlags[static_cast<std::size_t>(n - 1)] : none;
}

std::vector<TapeAlertFlag> flags_in(std::uint64_t word) {
    std::vector<TapeAlertFlag> out;
    for (int n = 1; n <= 64; ++n)
        if (word & (std::uint64_t{1} << (n - 1))) out.push_back(tape_alert_flag(n));
    return out;
}

const char* to_string(AlertSeverity s) {
    return s == S::Critical ? "critical" : s == S::Warning ? "warning" : "info";
}

const char* to_string(AlertAction a) {
    switch (a) {
    case A::Clean:
        return "clean the drive";
    case A::MarkMedia:
        return "mark the cartridge, no appends";
    case A::DriveFault:
        return "take the drive out of service";
    case A::CleaningMedia:
        return "replace the cleaning cartridge";
    case A::Note:
        break;
    }
    return "note";
}

std::string describe(const TapeAlertFlag& f) {
    return std::to_string(f.number) + " " + f.name + " (" + to_string(f.severity) + ")";
}

Result<TapeAlertPage> parse_tape_alert_page(const std::uint8_t* data, std::size_t size) {
    if (size < 4)
        return make_error(ErrorKind::Corrupt, "TapeAlert page: " + std::to_string(size) +
                                                  " bytes are too short for a log page header");
    if ((data[0] & 0x3f) != kTapeAlertPage)
        return make_error(ErrorKind::Corrupt, "TapeAlert page: the drive answered with log page " +
                                                  std::to_string(data[0] & 0x3f) +
                                                  ", not 46 (2Eh)");
    TapeAlertPage page;
    const std::size_t length = (std::size_t{data[2]} << 8) | data[3];
    std::size_t end = 4 + length;
    if (end > size) {
        page.truncated = true; // cut at the allocation length: read what is there
        end = size;
    }
    std::size_t at = 4;
    while (at + 4 <= end) {
        const int code = (data[at] << 8) | data[at + 1];
        const std::size_t len = data[at + 3];
        if (at + 4 + len > end) {
            if (page.truncated) break;
            return make_error(ErrorKind::Corrupt, "TapeAlert page: parameter " +
                                                      std::to_string(code) +
                                                      " overruns the page length");
        }
        if (code >= 1 && code <= 64 && len > 0) {
            ++page.parameters;
            if (data[at + 4 + len - 1] & 1) page.flags |= std::uint64_t{1} << (code - 1);
        }
        at += 4 + len;
    }
    return page;
}

} // namespace tl::device
