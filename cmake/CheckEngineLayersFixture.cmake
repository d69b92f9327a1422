# Proves that the layer build (cmake/EngineLayers.cmake) refuses a wrong arrow: builds
# tests/unit/layer_fixture three times, into BUILD_DIR, and fails unless
# - `right` builds (the layers and their link checks),
# - `wrong_include` (a lower layer includes a header of a higher one) fails in the compiler,
#   which cannot find the header,
# - `wrong_symbol` (a lower layer calls a higher one's function it declared itself) fails in
#   the linker's check of the lower layer, naming the function.
# Script mode: cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<dir> -DGENERATOR=Ninja
#   -DMAKE_PROGRAM=<ninja> -DCXX_COMPILER=<c++> -P CheckEngineLayersFixture.cmake
function(build_fixture layer_case out_result out_log)
  set(_dir "${BUILD_DIR}/${layer_case}")
  file(REMOVE_RECURSE "${_dir}")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/unit/layer_fixture" -B "${_dir}"
            -G "${GENERATOR}" "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}"
            "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DTAPELOOM_SOURCE_DIR=${SOURCE_DIR}"
            -DLAYER_CASE=${layer_case}
    RESULT_VARIABLE _configured OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _configured EQUAL 0)
    message(FATAL_ERROR "layer fixture `${layer_case}` did not configure:\n${_out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build "${_dir}"
                  RESULT_VARIABLE _built OUTPUT_VARIABLE _log ERROR_VARIABLE _log)
  set(${out_result} ${_built} PARENT_SCOPE)
  set(${out_log} "${_log}" PARENT_SCOPE)
endfunction()

build_fixture(right _rc _log)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "the right arrow (high uses low) was refused:\n${_log}")
endif()

build_fixture(wrong_include _rc _log)
if(_rc EQUAL 0)
  message(FATAL_ERROR "low including high/high.h was built; the layer must refuse it")
endif()
if(NOT _log MATCHES "high/high\\.h: No such file or directory")
  message(FATAL_ERROR "low including high/high.h failed, but not on the include:\n${_log}")
endif()

build_fixture(wrong_symbol _rc _log)
if(_rc EQUAL 0)
  message(FATAL_ERROR "low calling high_value() was linked; the layer check must refuse it")
endif()
if(NOT _log MATCHES "undefined reference to `high_value\\(\\)'"
   OR NOT _log MATCHES "tapeloom_layer_check_low")
  message(FATAL_ERROR "low calling high_value() failed, but not in low's link check:\n${_log}")
endif()
message(STATUS "layers: a wrong include and a wrong call are refused, a right arrow builds")
