#pragma once
// Hard links chosen without their first name: on media, a hard link is an object without data
// that names the first path of its inode, which holds the data. When a restore chose a link but
// not that first name, the first name's object is added to the selection, to be written under
// the link's path (SelectedFile::write_as), and the link's own object is dropped; further
// chosen links to the same inode then link to it. Runs after select_files.
#include "catalog/db.h"
#include "job/restore_selection.h"

namespace tl::job {

Status add_hardlink_sources(catalog::Db& db, Selection& selection);

} // namespace tl::job
