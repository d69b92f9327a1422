#pragma once
// PostgreSQL's own programs for the catalog backup to tape (docs/catalog.md "Catalog backup to
// tape"): `pg_dump` in custom format as the `cmd:` source of the catalog backup job, and
// `pg_restore` of that dump into an empty database by recover-catalog. The password of a URL is
// never on a command line nor in a message: pg_dump reads it from a passfile of mode 0600
// (named by the URL's `passfile` parameter), pg_restore gets it as PGPASSWORD in its own
// environment; URLs in commands and messages are shown without it.
#include <string>

#include "common/result.h"

namespace tl::catalog {

// The program on $PATH, or NotFound naming it and the Debian package that has it.
Result<std::string> find_pg_program(const std::string& name);

// The command text of a catalog backup of the database of `url`:
//   cmd:pg_dump --format=custom --no-password --dbname='URL-without-password[&passfile=FILE]'
// When the URL carries a password it is written to `passfile` (mode 0600, replaced) for pg_dump
// to read; the caller removes that file when the job has ended. A URL without one leaves the
// password to libpq's usual places ($PGPASSWORD, ~/.pgpass), which pg_dump inherits.
Result<std::string> pg_dump_source(const std::string& url, const std::string& passfile);

// True for a source text that pg_dump_source() made.
bool is_pg_dump_source(const std::string& source);

// Checks that `file` is a pg_dump archive in custom format (`pg_restore --list`).
Status check_pg_archive(const std::string& file);

// `pg_restore` of the archive `file` into the database of `url`, in one transaction that is
// rolled back whole on any error (objects owned by the URL's user). The error names the URL
// without its password and pg_restore's own message.
Status pg_restore_archive(const std::string& url, const std::string& file);

} // namespace tl::catalog
