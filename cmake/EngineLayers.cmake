# The engine's layers as CMake targets (docs/ARCHITECTURE.md "The engine's layers"): every
# folder under the layer root is one static library, tapeloom_engine_<folder>, that names the
# layers below it it may use. Two parts of the toolchain refuse a wrong arrow, no grep:
# - the compiler: a layer's files see, as their include root, only their own folder and the
#   folders of the layers they may use (directly or through those), as links in
#   <build>/layer_include/<folder>/; `#include "service/x.h"` from a lower layer is "No such
#   file or directory";
# - the linker: tapeloom_layer_check_<folder>, built with everything, links every object of
#   the layer (whole archive) against only the layers it may use; a call into a layer above
#   it (a function declared by hand, a header included from elsewhere) is an undefined
#   reference.
# tests/unit/layer_fixture proves both refusals (test engine_layers_refuse_wrong_arrows).

# tapeloom_engine_layer(<folder> [<layer it may use>...]): the layers it names must be declared
# before it, so the order of the calls is the order of the layers.
function(tapeloom_engine_layer name)
  set(_root "${TAPELOOM_LAYER_ROOT}")
  set(_target ${TAPELOOM_LAYER_PREFIX}${name})
  # The layers below it, with theirs: what its include root shows.
  set(_closure ${name})
  foreach(_dep IN LISTS ARGN)
    if(NOT TARGET ${TAPELOOM_LAYER_PREFIX}${_dep})
      message(FATAL_ERROR "layer ${name} uses ${_dep}, which is not a layer below it: declare "
                          "${_dep} first (see docs/ARCHITECTURE.md \"The engine's layers\")")
    endif()
    get_property(_below GLOBAL PROPERTY TAPELOOM_LAYER_CLOSURE_${_dep})
    list(APPEND _closure ${_below})
  endforeach()
  list(REMOVE_DUPLICATES _closure)
  set_property(GLOBAL PROPERTY TAPELOOM_LAYER_CLOSURE_${name} ${_closure})
  set_property(GLOBAL APPEND PROPERTY TAPELOOM_LAYERS ${name})

  set(_include "${CMAKE_CURRENT_BINARY_DIR}/layer_include/${name}")
  # Only links in there: file(REMOVE) takes a link away, never what it points to.
  file(GLOB _stale LIST_DIRECTORIES true "${_include}/*")
  if(_stale)
    file(REMOVE ${_stale})
  endif()
  file(MAKE_DIRECTORY "${_include}")
  foreach(_folder IN LISTS _closure)
    file(CREATE_LINK "${_root}/${_folder}" "${_include}/${_folder}" SYMBOLIC)
  endforeach()

  file(GLOB_RECURSE _sources CONFIGURE_DEPENDS "${_root}/${name}/*.cpp")
  list(APPEND _sources ${TAPELOOM_LAYER_EXTRA_SOURCES_${name}})
  set(_deps "")
  foreach(_dep IN LISTS ARGN)
    list(APPEND _deps ${TAPELOOM_LAYER_PREFIX}${_dep})
  endforeach()
  if(name IN_LIST TAPELOOM_ENGINE_EXCLUDE OR NOT _sources)
    # A folder left out of the build (TAPELOOM_ENGINE_EXCLUDE): its place in the graph stays.
    add_library(${_target} INTERFACE)
    target_link_libraries(${_target} INTERFACE ${_deps})
    return()
  endif()
  add_library(${_target} STATIC ${_sources})
  target_include_directories(${_target} PRIVATE "${_include}")
  target_link_libraries(${_target} PUBLIC ${_deps})

  add_executable(tapeloom_layer_check_${name} "${TAPELOOM_LAYER_CHECK_MAIN}")
  target_link_libraries(tapeloom_layer_check_${name}
                        PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${_target}>")
endfunction()

# Fails the configure step for a folder under the layer root that is no declared layer: its
# files would be built into nothing.
function(tapeloom_engine_layers_complete)
  get_property(_layers GLOBAL PROPERTY TAPELOOM_LAYERS)
  file(GLOB _entries LIST_DIRECTORIES true RELATIVE "${TAPELOOM_LAYER_ROOT}"
       "${TAPELOOM_LAYER_ROOT}/*")
  foreach(_entry IN LISTS _entries)
    if(IS_DIRECTORY "${TAPELOOM_LAYER_ROOT}/${_entry}" AND NOT _entry IN_LIST _layers)
      message(FATAL_ERROR "${TAPELOOM_LAYER_ROOT}/${_entry} is no layer: declare it with "
                          "tapeloom_engine_layer(${_entry} <layers it uses>) in the order of "
                          "the layers (docs/ARCHITECTURE.md \"The engine's layers\")")
    endif()
  endforeach()
endfunction()
