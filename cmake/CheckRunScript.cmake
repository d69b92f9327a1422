# Script mode: cmake -DSCRIPT=scripts/run.sh -DBUILD_DIR=build/ci -DNINJA=ninja -P CheckRunScript.cmake
# README command 1 (scripts/run.sh) builds only the programs it runs: its build line names its
# targets, every program it starts is one of them, and none of them pulls in a test.
cmake_minimum_required(VERSION 3.25)
file(READ "${SCRIPT}" _script)
string(REGEX MATCH "cmake --build --preset default[^\n]*" _build "${_script}")
if(NOT _build)
  message(FATAL_ERROR "${SCRIPT}: no 'cmake --build --preset default' line")
endif()
string(REGEX MATCH "--target ([^\n]*)" _t "${_build}")
if(NOT _t)
  message(FATAL_ERROR "${SCRIPT} builds every target, tests included ('${_build}'); "
                      "build only the programs it runs with --target")
endif()
string(REGEX REPLACE "[ \t]+" ";" _targets "${CMAKE_MATCH_1}")
list(REMOVE_ITEM _targets "")

string(REGEX MATCHALL "build/default/bin/[A-Za-z0-9_-]+" _runs "${_script}")
list(REMOVE_DUPLICATES _runs)
foreach(_run IN LISTS _runs)
  string(REPLACE "build/default/bin/" "" _program "${_run}")
  if(NOT _program IN_LIST _targets)
    message(FATAL_ERROR "${SCRIPT} runs ${_run} but does not build it (targets: ${_targets})")
  endif()
endforeach()

# What the targets need, transitively, in the configured build tree (the same CMake project).
execute_process(COMMAND "${NINJA}" -C "${BUILD_DIR}" -t inputs ${_targets}
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _inputs ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "ninja cannot list the inputs of ${_targets}: ${_err}")
endif()
string(REGEX MATCHALL "(^|[\n/])tests/[^\n]*" _tests "${_inputs}")
if(_tests)
  list(GET _tests 0 _first)
  message(FATAL_ERROR "the programs ${SCRIPT} builds pull in test sources, e.g. ${_first}")
endif()
message(STATUS "${SCRIPT} builds ${_targets}, the programs it runs")
