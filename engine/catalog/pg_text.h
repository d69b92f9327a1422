#pragma once
// File names as PostgreSQL text (docs/catalog.md "Names that are not UTF-8"). A Linux name is
// bytes; a PostgreSQL catalog's text is UTF-8 and refuses other bytes. So every text value goes
// to the server through to_pg_text and comes back through from_pg_text: valid UTF-8 passes
// unchanged, and each byte that is not part of valid UTF-8 becomes one code point of the
// private-use block U+10FE00..U+10FEFF (U+10FE00 + the byte). A name that really holds such a
// code point has its four bytes written the same way, so the mapping is one to one and
// from_pg_text gives back the exact bytes. Globs and LIKE patterns go through it too: a `?`
// matches one such byte as SQLite's GLOB on bytes does.
#include <string>
#include <string_view>

namespace tl::catalog {

// `bytes` as valid UTF-8 for the server (itself when it needs no change).
std::string to_pg_text(std::string_view bytes);
// The bytes that to_pg_text turned into `text` (itself when it holds no escaped byte).
std::string from_pg_text(std::string_view text);
// One text field of COPY's text format: `bytes` as to_pg_text gives them, with COPY's escapes
// for the backslash, tab, newline and carriage return.
void append_copy_field(std::string& out, std::string_view bytes);

} // namespace tl::catalog
