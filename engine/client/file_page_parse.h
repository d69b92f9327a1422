#pragma once
// GET /v1/files's compact page (docs/api.md "Lists and queries") read straight into typed
// entries with a JsonCursor, without a document: what `files ls` and the Restore page read a
// directory with, page by page.
#include <string_view>

#include "client/service_client.h"

namespace tl::client {

// Corrupt when the text is not a page of [name, dir, size, job] rows per view. A page of the
// documented objects (a service that does not know compact=1) is read too.
Result<FilePage> file_page_from_text(std::string_view text);

} // namespace tl::client
