# The .h and .cpp files under the given folders (ui/, app/), for the checks that hold clients to
# the engine's rules (CheckClientsNoSql.cmake, CheckClientsPublicHeaders.cmake). At configure
# time the glob is re-checked on every build; in script mode (the tests) it is read once.
include_guard(GLOBAL)

function(tapeloom_client_sources out)
  set(_files "")
  foreach(_dir IN LISTS ARGN)
    if(CMAKE_SCRIPT_MODE_FILE)
      file(GLOB_RECURSE _found "${_dir}/*.h" "${_dir}/*.cpp")
    else()
      file(GLOB_RECURSE _found CONFIGURE_DEPENDS "${_dir}/*.h" "${_dir}/*.cpp")
    endif()
    list(APPEND _files ${_found})
  endforeach()
  set(${out} "${_files}" PARENT_SCOPE)
endfunction()

# Appends to the list `out` one "NAME: line" per line of `file` (shown as `name`) that matches any
# of the regular expressions after it: the scan every such check runs.
function(tapeloom_line_hits out file name)
  set(_hits "${${out}}")
  foreach(_regex IN LISTS ARGN)
    file(STRINGS "${file}" _lines REGEX "${_regex}")
    foreach(_hit IN LISTS _lines)
      string(STRIP "${_hit}" _hit)
      list(APPEND _hits "${name}: ${_hit}")
    endforeach()
  endforeach()
  set(${out} "${_hits}" PARENT_SCOPE)
endfunction()
