#include "pages/door_records.h"

namespace tl::ui {

media::Pool poolRecord(const client::Pool& p) {
    media::Pool r;
    r.name = p.name;
    r.purpose = p.purpose;
    r.auto_label = p.auto_label;
    r.retention_days = p.retention_days;
    r.file_retention_days = p.file_retention_days;
    r.max_jobs = p.max_jobs;
    r.max_bytes = p.max_bytes;
    r.max_use_seconds = p.max_use_seconds;
    r.auto_recycle = p.recycle != "manual";
    r.volumes = p.volumes;
    r.encryption = p.encryption.empty() ? "none" : p.encryption;
    r.key = p.key;
    r.encrypt_names = p.encrypt_names;
    return r;
}

namespace {
media::Location locationOf(const std::string& where) {
    if (where == "mail") return media::Location::Mail;
    if (where == "outside") return media::Location::Outside;
    return media::Location::Library;
}
} // namespace

media::VolumeRecord volumeRecord(const client::Volume& v) {
    media::VolumeRecord r;
    r.barcode = v.barcode;
    r.pool = v.pool;
    r.state = media::parse_volume_state(v.state).value_or(media::VolumeState::Error);
    r.bytes = static_cast<std::int64_t>(v.bytes);
    r.capacity = static_cast<std::int64_t>(v.capacity);
    r.jobs = v.jobs;
    r.next_file = v.tape_files;
    r.labeled = v.labeled;
    r.first_written = v.first_written;
    r.last_written = v.last_written;
    r.encryption_keys = v.encryption_keys;
    r.location = locationOf(v.location.where);
    r.library = v.location.library;
    r.slot = v.location.slot.value_or(0);
    r.site = v.location.site;
    r.left_at = v.location.left_at;
    if (v.usage) r.block_size = v.usage->block_size;
    return r;
}

device::Inventory inventoryOf(const client::LibraryInventory& inv) {
    device::Inventory out;
    for (const auto& [from, to, type] :
         {std::tuple{&inv.drives, &out.drives, device::ElementType::Drive},
          std::tuple{&inv.storage, &out.storage, device::ElementType::Slot},
          std::tuple{&inv.mail_slots, &out.mail_slots, device::ElementType::MailSlot}})
        for (const auto& e : *from)
            to->push_back({type, e.number, e.full, e.barcode, e.source_slot});
    return out;
}

} // namespace tl::ui
