// Not compiled: the input of the engine_sql_only_in_catalog_catches_sql test, an engine file
// outside engine/catalog/ as the check must refuse it (an SQL statement in a string literal).
const char* const kQuery = "UPDATE jobs SET status = 'failed' WHERE id = ?";
