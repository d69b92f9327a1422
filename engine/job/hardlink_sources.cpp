#include "job/hardlink_sources.h"

#include <algorithm>
#include <map>
#include <set>

#include "catalog/entry_store.h"
#include "format/object.h"

namespace tl::job {

namespace {
using format::ObjectKind;

struct Entry {
    SelectedFile file;
    std::uint64_t inode = 0;
};

// Every entry of the save set in stream order, with its inode and where the next one starts.
Result<std::vector<Entry>> load_entries(catalog::Db& db, const SelectedSaveset& s) {
    std::vector<Entry> out;
    TL_TRY(catalog::for_each_object(db, s.saveset_id, [&](const catalog::ObjectRow& o) {
        Entry e;
        e.file.path = o.dir.empty() ? o.name : (o.name.empty() ? o.dir : o.dir + "/" + o.name);
        e.file.kind = o.kind;
        e.file.size = o.size;
        e.file.offset = o.offset;
        e.file.volume_id = o.volume_id;
        e.file.file_number = o.file_number;
        e.file.block = o.block;
        e.inode = o.inode;
        out.push_back(std::move(e));
    }));
    std::sort(out.begin(), out.end(),
              [](const Entry& a, const Entry& b) { return a.file.offset < b.file.offset; });
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].file.end = i + 1 < out.size() ? out[i + 1].file.offset : s.stream_bytes;
        if (out[i].file.end <= out[i].file.offset) out[i].file.end = ~std::uint64_t{0};
    }
    return out;
}

Status complete_saveset(catalog::Db& db, SelectedSaveset& s, Selection& selection) {
    auto all = load_entries(db, s);
    if (!all) return all.error();
    std::map<std::uint64_t, const Entry*> by_offset;
    std::map<std::uint64_t, const Entry*> first_of_inode; // the data-holding first name
    for (const auto& e : all.value()) {
        by_offset[e.file.offset] = &e;
        if (static_cast<ObjectKind>(e.file.kind) == ObjectKind::RegularFile)
            first_of_inode.try_emplace(e.inode, &e);
    }
    std::set<std::uint64_t> chosen;
    for (const auto& f : s.files)
        chosen.insert(f.offset);
    std::vector<SelectedFile> files;
    for (auto& f : s.files) {
        if (static_cast<ObjectKind>(f.kind) != ObjectKind::Hardlink) {
            files.push_back(std::move(f));
            continue;
        }
        const auto self = by_offset.find(f.offset);
        const auto first = self == by_offset.end() ? first_of_inode.end()
                                                   : first_of_inode.find(self->second->inode);
        if (first == first_of_inode.end() || chosen.count(first->second->file.offset)) {
            files.push_back(std::move(f)); // linked to what this restore writes (or reported)
            continue;
        }
        SelectedFile data = first->second->file;
        data.write_as = f.path;
        chosen.insert(data.offset);
        selection.bytes += data.size;
        files.push_back(std::move(data));
    }
    std::sort(files.begin(), files.end(),
              [](const SelectedFile& a, const SelectedFile& b) { return a.offset < b.offset; });
    s.files = std::move(files);
    return {};
}
} // namespace

Status add_hardlink_sources(catalog::Db& db, Selection& selection) {
    for (auto& s : selection.savesets) {
        if (s.whole) continue;
        const bool links = std::any_of(s.files.begin(), s.files.end(), [](const SelectedFile& f) {
            return static_cast<ObjectKind>(f.kind) == ObjectKind::Hardlink;
        });
        if (links) TL_TRY(complete_saveset(db, s, selection));
    }
    return {};
}

} // namespace tl::job
