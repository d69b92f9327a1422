# Fails when engine code outside engine/catalog/ holds SQL: a string literal with an SQL statement
# in it (the patterns of CheckClientsNoSql.cmake), or an include of sqlite3.h. Every catalog
# query lives in engine/catalog/ behind typed stores (docs/catalog.md).
include(${CMAKE_CURRENT_LIST_DIR}/CheckClientsNoSql.cmake)

# The engine folders held to the rule, relative to engine/. A folder joins the list once its
# queries have moved into stores.
set(TAPELOOM_ENGINE_SQL_FREE_DIRS
  agent
  api
  assembly
  bench
  client
  codec
  common
  context
  crypto
  device
  format
  job
  media
  metrics
  schedule
  service
  shapes
  source
)
# Files that may hold SQL in a listed folder, relative to engine/: they read a user's SQLite
# database as a backup source, not the catalog.
set(TAPELOOM_ENGINE_SQL_EXCEPTIONS
  source/sqlite_snapshot.h
  source/sqlite_snapshot.cpp
)

function(tapeloom_check_engine_sql_in_catalog engine_dir)
  set(_bad "")
  foreach(_dir IN LISTS TAPELOOM_ENGINE_SQL_FREE_DIRS)
    file(GLOB_RECURSE _found RELATIVE "${engine_dir}" "${engine_dir}/${_dir}/*.h"
         "${engine_dir}/${_dir}/*.cpp")
    foreach(_rel IN LISTS _found)
      list(FIND TAPELOOM_ENGINE_SQL_EXCEPTIONS "${_rel}" _excepted)
      if(_excepted GREATER -1)
        continue()
      endif()
      tapeloom_sql_hits(_bad "${engine_dir}/${_rel}" "engine/${_rel}")
    endforeach()
  endforeach()
  if(_bad)
    string(REPLACE ";" "\n  " _msg "${_bad}")
    message(FATAL_ERROR "SQL belongs in engine/catalog/: move the query into a store there "
                        "(see docs/catalog.md):\n  ${_msg}")
  endif()
endfunction()

# Script mode: cmake -DENGINE_DIR=engine -P CheckEngineSqlInCatalog.cmake (the ctest check).
if(CMAKE_SCRIPT_MODE_FILE AND ENGINE_DIR)
  tapeloom_check_engine_sql_in_catalog("${ENGINE_DIR}")
  string(REPLACE ";" ", " _dirs "${TAPELOOM_ENGINE_SQL_FREE_DIRS}")
  message(STATUS "engine/{${_dirs}}: no SQL outside engine/catalog/")
endif()
