# The `default` preset (scripts/run.sh) compiles each target's files in unity batches
# (TAPELOOM_UNITY), which the per-file presets never do: two files of a target that define the
# same file-local name, or a `using namespace` or macro one file leaves behind, build in `ci` and
# break the first README command. This builds the given targets with every target's files in one
# batch (each pair of files meets), without optimization or precompiled headers so ccache keeps
# the batches between runs, warnings as errors; it fails naming the clashes.
# Script mode: cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<dir> -DGENERATOR=Ninja
#   -DMAKE_PROGRAM=<ninja> -DCXX_COMPILER=<c++> -DTARGETS=tapeloom-cli,tapeloom-agent
#   [-DBUILD_GUI=ON|OFF] [-DEXPECT_CLASH=ON] -P CheckUnityBatches.cmake
# EXPECT_CLASH: SOURCE_DIR is a fixture (tests/unit/unity_fixture) whose build must fail on a
# redefinition; proves the check refuses what it is for.
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" TARGETS "${TARGETS}")
if(NOT DEFINED BUILD_GUI)
  set(BUILD_GUI ON)
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${BUILD_DIR}" -G "${GENERATOR}"
          "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
          -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DCMAKE_UNITY_BUILD=ON
          -DCMAKE_UNITY_BUILD_BATCH_SIZE=0 -DTAPELOOM_UNITY=ON -DTAPELOOM_UNITY_BATCH_SIZE=0
          -DTAPELOOM_PCH=OFF -DTAPELOOM_WERROR=ON -DTAPELOOM_SPLIT_DWARF=OFF
          -DTAPELOOM_BUILD_GUI=${BUILD_GUI} --no-warn-unused-cli
  RESULT_VARIABLE _configured OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _configured EQUAL 0)
  message(FATAL_ERROR "${SOURCE_DIR} did not configure for the unity check:\n${_out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build "${BUILD_DIR}" --target ${TARGETS} -- -k 0
                RESULT_VARIABLE _built OUTPUT_VARIABLE _log ERROR_VARIABLE _log)

# The compiler's complaints that only a batch causes, one line each.
string(REGEX MATCHALL "[^\n]*(redefinition of|conflicting declaration|ambiguating new declaration|is ambiguous|previous definition|defined but not used|-Werror=subobject-linkage)[^\n]*"
       _clashes "${_log}")
if(EXPECT_CLASH)
  if(_built EQUAL 0)
    message(FATAL_ERROR "the fixture's two files defining twice() in one batch were built; the "
                        "unity check must refuse them")
  endif()
  if(NOT _log MATCHES "redefinition of [^\n]*twice")
    message(FATAL_ERROR "the fixture failed, but not on the redefinition of twice():\n${_log}")
  endif()
  message(STATUS "unity check: two files' file-local twice() in one batch are refused")
  return()
endif()
if(NOT _built EQUAL 0)
  string(REPLACE ";" "\n  " _list "${_clashes}")
  string(REPLACE ";" " " _names "${TARGETS}")
  message(FATAL_ERROR "${_names} do not build in unity batches, as the `default` preset "
                      "(scripts/run.sh) builds them. Give each file-local helper a name of its "
                      "own or move a shared one into a header of its folder; no file-scope "
                      "`using namespace`, no macro left defined (docs/ARCHITECTURE.md, "
                      "\"Dependency rules\"):\n  ${_list}\n\nThe build:\n${_log}")
endif()
string(REPLACE ";" " " _names "${TARGETS}")
message(STATUS "${_names}: every target's files compile in one unity batch")
