#include "media/volume_state.h"

#include <array>
#include <utility>

namespace tl::media {

namespace {
constexpr std::array<std::pair<VolumeState, const char*>, 9> kStates = {{
    {VolumeState::Blank, "blank"},
    {VolumeState::Append, "append"},
    {VolumeState::Full, "full"},
    {VolumeState::Used, "used"},
    {VolumeState::Recyclable, "recyclable"},
    {VolumeState::Error, "error"},
    {VolumeState::ReadOnly, "read-only"},
    {VolumeState::Disabled, "disabled"},
    {VolumeState::Cleaning, "cleaning"},
}};

Error refuse(VolumeState from, VolumeEvent e, const std::string& what_to_do) {
    return make_error(ErrorKind::InvalidArgument, std::string("a volume in state '") +
                                                      to_string(from) + "' cannot " + to_string(e) +
                                                      "; " + what_to_do);
}
} // namespace

const char* to_string(VolumeState s) {
    for (const auto& [st, name] : kStates)
        if (st == s) return name;
    return "?";
}

const char* to_string(VolumeEvent e) {
    switch (e) {
    case VolumeEvent::Label:
        return "be labeled";
    case VolumeEvent::Fill:
        return "become full";
    case VolumeEvent::LimitReached:
        return "become used";
    case VolumeEvent::Expire:
        return "expire";
    case VolumeEvent::Recycle:
        return "be recycled";
    case VolumeEvent::MarkReadOnly:
        return "be marked read-only";
    case VolumeEvent::Disable:
        return "be disabled";
    case VolumeEvent::Enable:
        return "be enabled";
    case VolumeEvent::IoError:
        return "be marked in error";
    case VolumeEvent::IdentifyCleaning:
        return "be a cleaning cartridge";
    }
    return "?";
}

std::optional<VolumeState> parse_volume_state(std::string_view s) {
    for (const auto& [st, name] : kStates)
        if (s == name) return st;
    return std::nullopt;
}

Result<VolumeState> next_state(VolumeState from, VolumeEvent event, const TransitionFacts& f) {
    using S = VolumeState;
    if (from == S::Cleaning)
        return refuse(from, event, "cleaning cartridges are never written or recycled");
    switch (event) {
    case VolumeEvent::Label:
        if (from == S::Blank || from == S::Recyclable) return S::Append;
        if (from == S::Append && !f.has_data) return S::Append; // moved to another pool
        if ((from == S::Append || from == S::Full || from == S::Used || from == S::Error) &&
            f.force)
            return S::Append;
        if (from == S::ReadOnly || from == S::Disabled)
            return refuse(from, event, "enable it first (volume mark enabled)");
        return refuse(from, event,
                      "recycle it when its retention has expired, or relabel with --force "
                      "(its catalog entries are purged)");
    case VolumeEvent::Fill:
        if (from == S::Append) return S::Full;
        return refuse(from, event, "only an appendable volume is written");
    case VolumeEvent::LimitReached:
        if (from == S::Append) return S::Used;
        return refuse(from, event, "only an appendable volume is written");
    case VolumeEvent::Expire:
        if (from == S::Full || from == S::Used || (from == S::Append && f.has_data))
            return S::Recyclable;
        return refuse(from, event, "only full, used or written appendable volumes expire");
    case VolumeEvent::Recycle:
        if (from == S::Full || from == S::Used || from == S::Error ||
            (from == S::Append && f.has_data))
            return S::Recyclable;
        if (from == S::Recyclable) return refuse(from, event, "it is recyclable already");
        if (from == S::Append || from == S::Blank)
            return refuse(from, event, "it holds no data; a backup writes to it as it is");
        return refuse(from, event, "enable it first (volume mark enabled)");
    case VolumeEvent::MarkReadOnly:
        if (from == S::Append || from == S::Full || from == S::Used || from == S::Recyclable)
            return S::ReadOnly;
        return refuse(from, event, "only a labeled volume in use can be protected");
    case VolumeEvent::Disable:
        if (from == S::Disabled) return refuse(from, event, "it is disabled already");
        return S::Disabled;
    case VolumeEvent::Enable:
        // A protected or disabled volume goes back to what it was; one in error (or of unknown
        // past) takes no more appends once it holds data.
        if ((from == S::ReadOnly || from == S::Disabled) && f.labeled && f.before_mark &&
            (*f.before_mark == S::Append || *f.before_mark == S::Full ||
             *f.before_mark == S::Used || *f.before_mark == S::Recyclable))
            return *f.before_mark;
        if (from == S::ReadOnly || from == S::Disabled || from == S::Error)
            return !f.labeled ? S::Blank : (f.has_data ? S::Used : S::Append);
        return refuse(from, event, "it is not read-only, disabled or in error");
    case VolumeEvent::IoError:
        if (from == S::Append || from == S::Full || from == S::Used || from == S::ReadOnly)
            return S::Error;
        return refuse(from, event, "only a labeled volume in use can fail");
    case VolumeEvent::IdentifyCleaning:
        if (from == S::Blank) return S::Cleaning;
        return refuse(from, event, "only an unlabeled cartridge can be a cleaning cartridge");
    }
    return make_error(ErrorKind::Internal, "unknown volume event");
}

} // namespace tl::media
