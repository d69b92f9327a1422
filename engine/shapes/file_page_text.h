#pragma once
// GET /v1/files's page as JSON text (docs/api.md "Lists and queries"), written without building
// its document: the bytes dump() of that document gives (a test proves it), at a fraction of the
// cost for a page of 1,000 entries. The page holds the entries of one or more views in order, as
// the documented objects, or with `compact` grouped by view: the view's source and directory once,
// each entry as an array of the page's columns.
#include <optional>
#include <string>
#include <vector>

#include "job/catalog_browser.h"

namespace tl::shapes {

class FilePageText {
public:
    explicit FilePageText(bool compact) : compact_(compact) {}

    // The entries of directory `dir` (relative to the view's source) of one view.
    void add(const std::string& source, const std::string& dir,
             const std::vector<job::BrowseEntry>& entries);
    // The page, `next` the cursor of the page after (nullopt: the last page).
    std::string done(const std::optional<std::string>& next) const;

private:
    void add_object(const std::string& source, const job::BrowseEntry& e);

    bool compact_;
    std::string items_; // the entries' objects, or the views, each followed by ','
};

} // namespace tl::shapes
