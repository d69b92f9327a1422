# Fails when a file of the programs (ui/, app/) includes an engine header that is not public, or
# names the engine's catalog connection: app/ and ui/ use the engine through the headers listed
# in cmake/engine_public_headers.txt and reach the catalog only through CatalogHandle and the
# typed operations of engine/api/*_ops.h (docs/ARCHITECTURE.md, "Dependency rules").
include(${CMAKE_CURRENT_LIST_DIR}/ClientSources.cmake)
cmake_policy(SET CMP0057 NEW) # if(... IN_LIST ...) in script mode too
set(TAPELOOM_ENGINE_PUBLIC_HEADERS "${CMAKE_CURRENT_LIST_DIR}/engine_public_headers.txt")
set(TAPELOOM_QUOTED_INCLUDE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
# The connection and its statements, and the engine's own ways to them (context/engine_catalog.h).
set(TAPELOOM_CATALOG_INTERNALS
  "(catalog::(Db|Stmt|Transaction|Access)[^A-Za-z0-9_]|[^A-Za-z0-9_](engine_catalog|catalog_db)[ \t]*[(]|(\\.|->)catalog[(][)])")

# The public headers, one path relative to engine/ a line ('#' starts a comment).
function(tapeloom_engine_public_headers out)
  file(STRINGS "${TAPELOOM_ENGINE_PUBLIC_HEADERS}" _lines)
  set(_public "")
  foreach(_line IN LISTS _lines)
    string(REGEX REPLACE "#.*" "" _line "${_line}")
    string(STRIP "${_line}" _line)
    if(_line)
      list(APPEND _public "${_line}")
    endif()
  endforeach()
  set(${out} "${_public}" PARENT_SCOPE)
endfunction()

# Appends to `out` one "FILE: line" per include of an engine header not in `public` and per
# use of the catalog's internals in `file`.
function(tapeloom_internal_hits out file engine_dir public)
  set(_hits "${${out}}")
  file(STRINGS "${file}" _includes REGEX "${TAPELOOM_QUOTED_INCLUDE}")
  foreach(_line IN LISTS _includes)
    string(REGEX REPLACE "${TAPELOOM_QUOTED_INCLUDE}.*" "\\1" _header "${_line}")
    if(EXISTS "${engine_dir}/${_header}" AND NOT _header IN_LIST public)
      string(STRIP "${_line}" _line)
      list(APPEND _hits "${file}: ${_line} (engine-internal header)")
    endif()
  endforeach()
  file(STRINGS "${file}" _uses REGEX "${TAPELOOM_CATALOG_INTERNALS}")
  foreach(_line IN LISTS _uses)
    string(STRIP "${_line}" _line)
    list(APPEND _hits "${file}: ${_line} (the engine's catalog connection)")
  endforeach()
  set(${out} "${_hits}" PARENT_SCOPE)
endfunction()

function(tapeloom_check_clients_public_headers engine_dir)
  tapeloom_engine_public_headers(_public)
  foreach(_header IN LISTS _public)
    if(NOT EXISTS "${engine_dir}/${_header}")
      message(FATAL_ERROR "cmake/engine_public_headers.txt names ${_header}, which is not a "
                          "header under ${engine_dir}")
    endif()
  endforeach()
  tapeloom_client_sources(_files ${ARGN})
  set(_bad "")
  foreach(_f IN LISTS _files)
    tapeloom_internal_hits(_bad "${_f}" "${engine_dir}" "${_public}")
  endforeach()
  if(_bad)
    string(REPLACE ";" "\n  " _msg "${_bad}")
    message(FATAL_ERROR "ui/ and app/ use the engine's public headers only "
                        "(cmake/engine_public_headers.txt) and reach the catalog through "
                        "CatalogHandle and engine/api/*_ops.h (see docs/ARCHITECTURE.md):\n  ${_msg}")
  endif()
endfunction()

# Script mode: cmake -DENGINE_DIR=engine "-DCLIENT_DIRS=dir1;dir2" -P CheckClientsPublicHeaders.cmake
if(CMAKE_SCRIPT_MODE_FILE AND ENGINE_DIR AND CLIENT_DIRS)
  tapeloom_check_clients_public_headers("${ENGINE_DIR}" ${CLIENT_DIRS})
  message(STATUS "${CLIENT_DIRS}: engine public headers only")
endif()
