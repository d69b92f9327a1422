// Not compiled: the input of the console_has_no_write_path_catches_a_scheduler test, a console
// file as the check must refuse it (the scheduler hosted in the console).
#include "schedule/service.h"
