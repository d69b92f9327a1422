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
