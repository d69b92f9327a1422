# Fails when a file of the programs (ui/, app/) holds SQL: a string literal with an SQL statement
# in it, or an include of sqlite3.h. Every query lives in engine/catalog/ behind typed stores
# (docs/ARCHITECTURE.md, "Dependency rules").
include(${CMAKE_CURRENT_LIST_DIR}/ClientSources.cmake)
set(TAPELOOM_SQL_IN_LITERAL
  "\"[^\"]*(SELECT [a-zA-Z_*(]|INSERT (OR [A-Z]+ )?INTO|REPLACE INTO|UPDATE [A-Za-z_]+ SET|DELETE FROM|CREATE (TEMP |TEMPORARY |UNIQUE )?(TABLE|INDEX|VIEW|TRIGGER)|DROP (TABLE|INDEX|VIEW|TRIGGER)|ALTER TABLE|PRAGMA [a-z_]+|BEGIN (IMMEDIATE|EXCLUSIVE|DEFERRED|TRANSACTION)|json_each[(])")
set(TAPELOOM_SQLITE_INCLUDE "^[ \t]*#[ \t]*include[ \t]*[<\"]sqlite3[.]h[>\"]")

# Appends to the list `out` one "NAME: line" per SQL statement in a string literal or sqlite3.h
# include of `file` (shown as `name`); the one scan both checks use.
function(tapeloom_sql_hits out file name)
  set(_hits "${${out}}")
  tapeloom_line_hits(_hits "${file}" "${name}" "${TAPELOOM_SQL_IN_LITERAL}"
                     "${TAPELOOM_SQLITE_INCLUDE}")
  set(${out} "${_hits}" PARENT_SCOPE)
endfunction()

function(tapeloom_check_clients_no_sql)
  tapeloom_client_sources(_files ${ARGN})
  set(_bad "")
  foreach(_f IN LISTS _files)
    tapeloom_sql_hits(_bad "${_f}" "${_f}")
  endforeach()
  if(_bad)
    string(REPLACE ";" "\n  " _msg "${_bad}")
    message(FATAL_ERROR "ui/ and app/ must not hold SQL; move the query into a store under "
                        "engine/catalog/ (see docs/ARCHITECTURE.md):\n  ${_msg}")
  endif()
endfunction()

# Script mode: cmake "-DCLIENT_DIRS=dir1;dir2" -P CheckClientsNoSql.cmake (used by the ctest check).
if(CMAKE_SCRIPT_MODE_FILE AND CLIENT_DIRS)
  tapeloom_check_clients_no_sql(${CLIENT_DIRS})
  message(STATUS "${CLIENT_DIRS}: no SQL")
endif()
