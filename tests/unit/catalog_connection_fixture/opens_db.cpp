// Not compiled: the input of the clients_use_public_headers_catches_connection test, a client
// file as the check must refuse it (it opens the catalog's connection itself).
auto db = tl::catalog::Db::open("catalog.db", false);
