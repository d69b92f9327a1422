// Not compiled: the input of the clients_have_no_sql_catches_sql test (an include of sqlite3.h).
#include <sqlite3.h>
