// Not compiled: the input of the console_has_no_write_path_catches_a_job test, a console file as
// the check must refuse it (a backup run in the console's own process).
#include "job/backup_job.h"

void backUpHere(tl::Engine& engine, const tl::job::BackupOptions& options) {
    tl::job::run_backup(engine, options, {}, nullptr);
}
