// Not compiled: the input of the clients_have_no_sql_catches_sql test, a client file as the
// check must refuse it (an SQL statement in a string literal).
const char* const kQuery = "SELECT id FROM jobs WHERE status = ?";
