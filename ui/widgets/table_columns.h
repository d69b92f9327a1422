#pragma once
// Table columns that show their whole text: after the rows change, a column narrower than its
// contents (or its title) is widened, queued until the view has laid the rows out; a column the
// user made wider stays as wide. GUI thread only.
class QTableView;

namespace tl::ui {

void widenColumnsToContents(QTableView* view);

} // namespace tl::ui
