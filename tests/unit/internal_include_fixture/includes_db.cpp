// Not compiled: the input of the clients_use_public_headers_catches_internal test, a client
// file as the check must refuse it (an include of an engine-internal header).
#include "catalog/db.h"
