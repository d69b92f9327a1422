#include "device/mtx_status.h"

#include <sstream>

namespace tl::device {

namespace {
std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return {};
    const auto b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}

bool starts_with(const std::string& s, const std::string& p) {
    return s.rfind(p, 0) == 0;
}

// "…:VolumeTag = X" or "…:VolumeTag=X" → X (trimmed); "" when absent.
std::string volume_tag(const std::string& rest) {
    auto at = rest.find("VolumeTag");
    if (at == std::string::npos) return {};
    if (at >= 9 && rest.compare(at - 9, 9, "Alternate") == 0) return {};
    auto eq = rest.find('=', at);
    if (eq == std::string::npos) return {};
    std::string tag = rest.substr(eq + 1);
    auto colon = tag.find(":AlternateVolumeTag");
    if (colon != std::string::npos) tag.resize(colon);
    return trim(tag);
}

std::string pad_tag(const std::string& t) {
    std::string s = t;
    if (s.size() < 32) s.append(32 - s.size(), ' ');
    return s;
}

Error bad_line(const std::string& line) {
    return make_error(ErrorKind::Corrupt, "cannot understand mtx status line '" + trim(line) + "'");
}
} // namespace

Result<Inventory> parse_mtx_status(const std::string& text) {
    Inventory inv;
    bool header = false;
    std::istringstream in(text);
    std::string raw;
    while (std::getline(in, raw)) {
        const std::string line = trim(raw);
        if (line.empty()) continue;
        if (starts_with(line, "Storage Changer")) {
            header = true;
            continue;
        }
        if (starts_with(line, "Data Transfer Element ")) {
            const auto colon = line.find(':');
            if (colon == std::string::npos) return bad_line(raw);
            Element e;
            e.type = ElementType::Drive;
            try {
                e.number = std::stoi(line.substr(22, colon - 22));
            } catch (...) {
                return bad_line(raw);
            }
            const std::string rest = line.substr(colon + 1);
            if (starts_with(rest, "Empty")) {
                e.full = false;
            } else if (starts_with(rest, "Full")) {
                e.full = true;
                const std::string key = "(Storage Element ";
                if (auto p = rest.find(key); p != std::string::npos) {
                    try {
                        e.source_slot = std::stoi(rest.substr(p + key.size()));
                    } catch (...) {
                        return bad_line(raw);
                    }
                } else if (rest.find("(Unknown Storage Element Loaded)") == std::string::npos) {
                    return bad_line(raw);
                }
                e.barcode = volume_tag(rest);
            } else {
                return bad_line(raw);
            }
            inv.drives.push_back(e);
            continue;
        }
        if (starts_with(line, "Storage Element ")) {
            const auto colon = line.find(':');
            if (colon == std::string::npos) return bad_line(raw);
            std::string head = line.substr(16, colon - 16);
            Element e;
            e.type = ElementType::Slot;
            if (auto ie = head.find("IMPORT/EXPORT"); ie != std::string::npos) {
                e.type = ElementType::MailSlot;
                head.resize(ie);
            }
            try {
                e.number = std::stoi(trim(head));
            } catch (...) {
                return bad_line(raw);
            }
            const std::string rest = line.substr(colon + 1);
            if (starts_with(rest, "Empty")) {
                e.full = false;
            } else if (starts_with(rest, "Full")) {
                e.full = true;
                e.barcode = volume_tag(rest);
            } else {
                return bad_line(raw);
            }
            (e.type == ElementType::MailSlot ? inv.mail_slots : inv.storage).push_back(e);
            continue;
        }
        return bad_line(raw);
    }
    if (!header)
        return make_error(ErrorKind::NotFound, "no 'Storage Changer' header in mtx status output");
    return inv;
}

std::string render_mtx_status(const Inventory& inv, const std::string& label) {
    std::ostringstream o;
    o << "  Storage Changer " << label << ":" << inv.drives.size() << " Drives, "
      << inv.storage.size() + inv.mail_slots.size() << " Slots ( " << inv.mail_slots.size()
      << " Import/Export )\n";
    for (const auto& d : inv.drives) {
        o << "Data Transfer Element " << d.number << ":";
        if (!d.full) {
            o << "Empty\n";
            continue;
        }
        if (d.source_slot)
            o << "Full (Storage Element " << *d.source_slot << " Loaded)";
        else
            o << "Full (Unknown Storage Element Loaded)";
        if (!d.barcode.empty()) o << ":VolumeTag = " << pad_tag(d.barcode);
        o << "\n";
    }
    auto slot_line = [&](const Element& e) {
        o << "      Storage Element " << e.number
          << (e.type == ElementType::MailSlot ? " IMPORT/EXPORT" : "") << ":";
        if (!e.full) {
            o << "Empty\n";
            return;
        }
        o << "Full ";
        if (!e.barcode.empty()) o << ":VolumeTag=" << pad_tag(e.barcode);
        o << "\n";
    };
    for (const auto& e : inv.storage)
        slot_line(e);
    for (const auto& e : inv.mail_slots)
        slot_line(e);
    return o.str();
}

} // namespace tl::device
